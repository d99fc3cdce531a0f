#!/usr/bin/env python3
"""WebRTC media through Janus, in a network namespace of the benchmark's own.

The path a Janus call's picture and sound take between two FloatApps, from the sender's push
into webrtcbin (after capture) to the receiver's decoded picture and sound (before display): a
white picture and a 1 kHz burst marked once a second, their median delays and their offset (lip
sync), with webrtcbin's jitter buffer at WebRTCSubscriber.latencyMilliseconds; then a three-way
call (three participants in one process, each sending 640x360 H.264 + Opus and decoding the other
two): CPU seconds per second. Rounds alternate latency and call runs. Janus runs from a config of
the benchmark's own with ICE on v0 alone (the namespace's veth), as in make test-web.

Usage: bench/run.sh webrtc [--rounds N] [--seconds S]   (as root: it makes the namespace)
Writes bench/out/webrtc.md.
"""
import argparse
import glob
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ROOM = 1234


def janus_library():
    """The folder Debian's janus package put its plugins in: under the machine's multiarch folder
    (/usr/lib/x86_64-linux-gnu/janus on amd64, /usr/lib/aarch64-linux-gnu/janus on arm64), or
    /usr/lib/janus."""
    found = sorted(glob.glob("/usr/lib/*/janus/plugins/libjanus_videoroom.so")) + \
        glob.glob("/usr/lib/janus/plugins/libjanus_videoroom.so")
    if not found:
        sys.exit("no /usr/lib/*/janus/plugins/libjanus_videoroom.so: apt-get install janus")
    return os.path.dirname(os.path.dirname(found[0]))


def in_namespace():
    with open("/proc/self/net/dev") as dev:
        return " v0:" in dev.read()


def enter_namespace():
    setup = ("ip link set lo up && ip link add v0 type veth peer name v1 && "
             "ip addr add 10.213.0.1/24 dev v0 && ip link set v0 up && ip link set v1 up && exec \"$@\"")
    os.execvp("unshare", ["unshare", "-n", "bash", "-c", setup, "bench", sys.executable] + sys.argv)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_janus(folder, port, rooms=(ROOM,)):
    for kind, module in (("plugins", "libjanus_videoroom.so"), ("transports", "libjanus_http.so")):
        os.makedirs(os.path.join(folder, kind))
        os.symlink(os.path.join(janus_library(), kind, module), os.path.join(folder, kind, module))
    for kind in ("events", "loggers"):
        os.makedirs(os.path.join(folder, kind))
    configs = {
        "janus.jcfg": f'general: {{ configs_folder = "{folder}" plugins_folder = "{folder}/plugins" '
                      f'transports_folder = "{folder}/transports" events_folder = "{folder}/events" '
                      f'loggers_folder = "{folder}/loggers" debug_level = 3 }}\n'
                      'nat: { ice_enforce_list = "v0" full_trickle = false }\n',
        "janus.transport.http.jcfg": f'general: {{ base_path = "/janus" http = true port = {port} ip = "127.0.0.1" }}\n'
                                     'admin: { admin_http = false }\n',
        "janus.plugin.videoroom.jcfg": "general: { }\n" + "".join(
            f'room-{room}: {{ description = "Bench" publishers = 64 videocodec = "h264,vp8" audiocodec = "opus" }}\n'
            for room in rooms),
    }
    for name, text in configs.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    log = open(os.path.join(folder, "janus.log"), "w")
    janus = subprocess.Popen(["janus", "--configs-folder", folder], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(150):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/janus/info", timeout=1)
            return janus
        except OSError:
            time.sleep(0.1)
    raise SystemExit("bench: Janus did not start")


def worker(binary, mode, api, seconds):
    out = subprocess.run([binary, mode, api, str(ROOM), str(seconds)], capture_output=True, text=True, timeout=seconds + 60)
    if out.returncode != 0:
        raise SystemExit(f"bench: WebRTCBench {mode} failed: {out.stderr}")
    return json.loads(out.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--floatapp", help="the FloatApp binary (its folder holds WebRTCBench)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15)
    args = parser.parse_args()
    if not in_namespace():
        enter_namespace()
    folder = os.path.dirname(args.floatapp) if args.floatapp else subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    binary = os.path.join(folder, "WebRTCBench")
    if not os.path.exists(binary):
        raise SystemExit(f"bench: build it first: swift build -c release --product WebRTCBench ({binary})")
    scratch = tempfile.mkdtemp(prefix="floatapp-bench-janus-")
    port = free_port()
    janus = start_janus(scratch, port)
    api = f"http://127.0.0.1:{port}/janus"
    rows = []
    try:
        for round_ in range(args.rounds):
            rows.append((worker(binary, "latency", api, args.seconds), worker(binary, "call3", api, args.seconds)))
            print(f"round {round_ + 1}: {rows[-1]}", flush=True)
    finally:
        janus.terminate()
        janus.wait()
        shutil.rmtree(scratch, ignore_errors=True)
    report(rows, args)


def report(rows, args):
    def med(key, index=0):
        return statistics.median(r[index][key] for r in rows)

    def each(key, index=0, form="{:.3f}"):
        return ", ".join(form.format(r[index][key]) for r in rows)

    load = os.getloadavg()[0]
    lines = [
        f"# WebRTC through Janus ({time.strftime('%Y-%m-%d %H:%M')} UTC, load {load:.1f}, "
        f"{args.rounds} rounds of {args.seconds:.0f} s)",
        "",
        "| measure | median of rounds | per round |",
        "|---|---|---|",
        f"| picture, push to decoded (s) | {med('picture_median'):.3f} | {each('picture_median')} |",
        f"| sound, push to decoded (s) | {med('sound_median'):.3f} | {each('sound_median')} |",
        f"| sound minus picture (s, lip sync) | {med('sound_minus_picture'):+.3f} | {each('sound_minus_picture', form='{:+.3f}')} |",
        f"| 3-way call, CPU s per s | {med('cpu_per_second', 1):.2f} | {each('cpu_per_second', 1, '{:.2f}')} |",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    with open(os.path.join(HERE, "out", "webrtc.md"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
