#!/usr/bin/env python3
"""Janus calls against RTMP calls between FloatApps, side by side in one run, in a network
namespace of the benchmark's own (lo and a veth pair, v0 at 10.213.0.1, as make test-web: Janus
gathers ICE candidates on v0 alone, nginx-rtmp listens on 127.0.0.1, no packet reaches the
machine's own interfaces).

Latency: callatency.py's method for both kinds of call. A's `lavfi:` camera flashes and its
microphone beeps at multiples of 3 s of the wall clock; B floats the call and plays its sound
into a PulseAudio null sink: glass-to-glass (the flash on B's screen), mouth-to-ear (the beep
in B's played-out samples) and lip sync (sound minus picture, per event). The RTMP call and the
Janus call alternate for --rounds rounds.

Cost: a joined 3-way call, A sending 640x360 at 30 fps with a tone and playing B and C (each
sending 640x360 at 15 fps): A's CPU over --cost-seconds once A shows both, the RTMP call and the
Janus call alternating for --rounds rounds.

Usage: bench/run.sh januscall [--rounds N] [--events N] [--cost-seconds S]   (as root, or where
unprivileged user namespaces are allowed). Writes bench/out/januscall.md and januscall.json.
"""

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import callatency  # noqa: E402
from callatency import PulseSink, call_onsets, cpu_seconds, figures, floatapp  # noqa: E402
from desktop import Desktop, need, wait_until  # noqa: E402
from liveserver import LiveServer, free_port  # noqa: E402
from statslog import Stats  # noqa: E402
import webrtc  # noqa: E402
from Xlib.error import ConnectionClosedError  # noqa: E402

OUT = callatency.OUT
GOAL_MEDIAN, GOAL_SYNC, GOAL_COST = 0.20, 0.060, 1.2


def enter_namespace():
    """Re-runs this script in a new network namespace with lo up and the veth pair v0-v1."""
    flags = ["-n"] if os.getuid() == 0 else ["-r", "-n"]
    setup = ("ip link set lo up && ip link add v0 type veth peer name v1 && "
             "ip addr add 10.213.0.1/24 dev v0 && ip link set v0 up && ip link set v1 up && exec \"$@\"")
    os.execvp("unshare", ["unshare"] + flags + ["bash", "-c", setup, "bench", sys.executable] + sys.argv)


class Calls:
    """The two kinds of call, each a rooms file maker for call `standup` (on Janus, in VideoRoom `number`)."""

    def __init__(self, server, janus_api):
        self.rtmp = dict(server.server_entry(), calls="rtmp://127.0.0.1:%d/call/{room}~{participant}" % server.rtmp_port)
        self.janus = {"id": "sfu", "title": "Janus (WebRTC)", "janus": janus_api}

    def rooms(self, kind, number):
        if kind == "rtmp":
            servers, room = [self.rtmp], {"server": "local", "id": "standup"}
        else:
            servers, room = [self.janus], {"server": "sfu", "id": "standup", "videoroom": number}
        room = dict(room, title="Stand-up", kind="call")
        return lambda me: {"me": me, "servers": servers, "rooms": [room]}


def three_way_cpu(desk, rooms, prefix, seconds):
    """A's CPU (cores) in a joined 3-way call of `rooms`, over `seconds` once A's tiles show B and C."""
    env = desk.env(SDL_AUDIODRIVER="dummy")
    room = rooms({})["rooms"][0]["id"]
    procs = []
    for name, tone in (("B", 330), ("C", 550)):
        proc, _ = floatapp(desk, prefix + name, rooms({"name": name, "camera": "lavfi:testsrc2=size=640x360:rate=15",
                                                       "microphone": "lavfi:sine=f=%d:sample_rate=48000" % tone}),
                           ["--open", room], env)
        procs.append(proc)
    a, a_stats = floatapp(desk, prefix + "A", rooms({"name": "A", "camera": "lavfi:testsrc2=size=640x360:rate=30",
                                                     "microphone": "lavfi:sine=f=440:sample_rate=48000"}),
                           ["--open", room], env)
    procs.append(a)

    def others_live():
        live = {e["source"] for e in a_stats.since(0) if e["ev"] == "tile_frame" and not e["still"]}
        return len(live) >= 2
    wait_until(others_live, 60, "A's tiles to show B and C", 0.2)
    time.sleep(2)  # past the start's key frames and connection set-up
    before, began = cpu_seconds(a.pid), time.monotonic()
    time.sleep(seconds)
    cpu = (cpu_seconds(a.pid) - before) / (time.monotonic() - began)
    for proc in procs:
        if proc.poll() is not None:
            raise RuntimeError("a participant exited while measured")
    for proc in procs:
        Desktop.stop(proc)
        desk.forget(proc)
    return cpu


def latency_call(args, rooms, prefix, lost, tries=3):
    """call_onsets on a desktop of its own. The X server sometimes closes the grabbing connection
    mid-call (the Xvfb lives on; seen only on this shared machine): that call is measured again
    on a new desktop, at most `tries` times, and `lost` gets its prefix."""
    for attempt in range(tries):
        try:
            with Desktop("januscall") as desk:
                pulse = PulseSink(desk)
                onsets = call_onsets(desk, pulse, rooms, prefix, args.events)
                pulse.close()
                return onsets
        except ConnectionClosedError:
            lost.append(prefix)
            print("%s: the X server closed the grabbing connection; measuring this call again" % prefix, flush=True)
    raise RuntimeError("%s: the X server closed the grabbing connection %d times" % (prefix, tries))


def run_rounds(args, calls):
    """Alternating RTMP and Janus calls, each on a desktop of its own: per round and kind, the
    latency figures and A's CPU."""
    results, lost = {"rtmp": [], "janus": []}, []
    for round_ in range(args.rounds):
        order = ("rtmp", "janus") if round_ % 2 == 0 else ("janus", "rtmp")
        for kind in order:
            number = 10 * round_ + 1
            glass, ear, _, sync = figures(latency_call(args, calls.rooms(kind, number), "%s%d-" % (kind, round_), lost))
            with Desktop("januscall") as desk:
                cpu = three_way_cpu(desk, calls.rooms(kind, number + 1), "%s%d-cost-" % (kind, round_), args.cost_seconds)
            results[kind].append(dict(glass=list(glass.values()), ear=list(ear.values()), sync=sync, cpu=cpu,
                                      load=os.getloadavg()[0]))
            r = results[kind][-1]
            print("round %d %s: glass %.3f ear %.3f sync %+.3f cpu %.3f (load %.1f)" % (
                round_ + 1, kind, statistics.median(r["glass"]), statistics.median(r["ear"]),
                statistics.median(r["sync"]), cpu, r["load"]), flush=True)
    return results, lost


def spread(values, form="%.3f"):
    return (form + " (" + form + " to " + form + ")") % (statistics.median(values), min(values), max(values))


def report(args, started, results, lost):
    rows = []
    for kind, label in (("rtmp", "RTMP (nginx-rtmp)"), ("janus", "WebRTC (Janus VideoRoom)")):
        rs = results[kind]
        every = lambda key: [v for r in rs for v in r[key]]
        rows.append("| %s | %s | %s | %s | %s | %d, %d |" % (
            label, spread(every("glass")), spread(every("ear")), spread(every("sync"), "%+.3f"),
            spread([r["cpu"] for r in rs]), len(every("glass")), len(every("ear"))))
    janus, rtmp = results["janus"], results["rtmp"]
    g = statistics.median(v for r in janus for v in r["glass"])
    m = statistics.median(v for r in janus for v in r["ear"])
    s = statistics.median(v for r in janus for v in r["sync"])
    ratios = [j["cpu"] / max(r["cpu"], 1e-6) for j, r in zip(janus, rtmp)]
    loads = [r["load"] for kind in results.values() for r in kind]
    verdict = lambda ok: "met" if ok else "MISSED"
    lines = [
        "Janus calls against RTMP calls, two FloatApps A -> B (%s, %d rounds alternating, load %.1f to %.1f on %d "
        "cores; `bench/run.sh januscall --rounds %d --events %d --cost-seconds %d`):" % (
            started, args.rounds, min(loads), max(loads), os.cpu_count(), args.rounds, args.events, args.cost_seconds),
        "",
        "| call | glass-to-glass s | mouth-to-ear s | lip sync s (sound - picture) | 3-way call, A's CPU (cores) | events (picture, sound) |",
        "|---|---|---|---|---|---|",
    ] + rows + [
        "",
        "Medians (min to max) over every event of every round; CPU: the median (min to max) of the rounds. "
        "Calls measured again after the X server closed the grabbing connection: %s." % (", ".join(lost) or "none"),
        "",
        "Janus: glass-to-glass %.3f s, mouth-to-ear %.3f s (goal median <= %.2f s): %s; lip sync %+.3f s (goal within "
        "+-%.3f s): %s; 3-way CPU %.2fx RTMP's (per round %s; goal <= %.1fx): %s." % (
            g, m, GOAL_MEDIAN, verdict(max(g, m) <= GOAL_MEDIAN), s, GOAL_SYNC, verdict(abs(s) <= GOAL_SYNC),
            statistics.median(ratios), ", ".join("%.2f" % r for r in ratios), GOAL_COST,
            verdict(statistics.median(ratios) <= GOAL_COST)),
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    with open(os.path.join(OUT, "januscall.md"), "w") as f:
        f.write(text)
    with open(os.path.join(OUT, "januscall.json"), "w") as f:
        json.dump(results, f, indent=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--floatapp", required=True)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each kind of call (default 3)")
    parser.add_argument("--events", type=int, default=10, help="flashes and beeps per call and round (default 10)")
    parser.add_argument("--cost-seconds", type=int, default=10, help="seconds A's CPU is measured over (default 10)")
    args = parser.parse_args()
    if not webrtc.in_namespace():
        enter_namespace()
    need("xdotool", "xwininfo", "pulseaudio", "parec", "pactl", "ffmpeg", "janus")
    callatency.args = args
    os.makedirs(OUT, exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    scratch = tempfile.mkdtemp(prefix="floatapp-bench-januscall-")
    port = free_port()
    janus = webrtc.start_janus(scratch, port, rooms=[10 * r + k for r in range(args.rounds) for k in (1, 2)])
    server = LiveServer()
    try:
        results, lost = run_rounds(args, Calls(server, "http://127.0.0.1:%d/janus" % port))
    finally:
        server.stop()
        janus.terminate()
        janus.wait()
        shutil.rmtree(scratch, ignore_errors=True)
    report(args, started, results, lost)


if __name__ == "__main__":
    main()
