#!/usr/bin/env python3
"""Call latency benchmark: from A's camera and microphone to B's screen and speakers, two
FloatApps in one call through the project's nginx-rtmp (scripts/server.sh), on one Xvfb.

A's `lavfi:` camera is testsrc2 with a dark box in the middle that turns white, and its
`lavfi:` microphone a 1 kHz tone that sounds, for the first 4 frames (133 ms) of every PERIOD
seconds of the wall clock (ffmpeg's `time(0)` in the filters' enable and volume expressions):
the event's wall time is the reference for both. B floats the call (`--open standup --float`,
A is the only other participant, so the float shows A) and plays its sound through SDL into a
PulseAudio null sink started by the benchmark, whose monitor `parec` records in 5 ms pieces.
- glass-to-glass: the flash's onset in the middle of B's float (python3-xlib grabs at 250 Hz)
  minus the event's wall time;
- mouth-to-ear: the tone's onset in B's played-out samples minus the event's wall time;
- lip sync: B's sound onset minus B's picture onset, per event (positive: sound late).
The reference includes the capture's own pacing (a lavfi frame is made when it is due), so
both latencies are upper bounds of what a real camera and microphone would add on top of theirs.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need, wait_until  # noqa: E402
from latency import Screen, Watcher, centre  # noqa: E402
from liveserver import LiveServer  # noqa: E402
from statslog import Stats  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")
RATE = 30
PERIOD = 3
FLASH = 4 / RATE
GOAL_MEDIAN, GOAL_WORST, GOAL_SYNC = 0.25, 0.4, 0.045
SAMPLE_RATE = 48000
# A sound onset: a 5 ms piece louder than this (RMS of 16-bit samples) after QUIET_BEFORE s of quiet.
LOUD = 1500
QUIET_BEFORE = 1.0


def camera():
    box = "x=iw/4:y=ih/4:w=iw/2:h=ih/2"
    on = "lt(mod(time(0),%d),%.4f)" % (PERIOD, FLASH)
    return ("lavfi:testsrc2=size=640x360:rate=%d,drawbox=%s:color=black:t=fill,"
            "drawbox=%s:color=white:t=fill:enable='%s'" % (RATE, box, box, on))


def microphone():
    return "lavfi:sine=f=1000:sample_rate=48000,volume='if(lt(mod(time(0),%d),%.4f),1,0)':eval=frame" % (PERIOD, FLASH)


class PulseSink:
    """A PulseAudio server of the benchmark's own with a null sink `out`; records its monitor."""

    def __init__(self, desk):
        self.folder = os.path.join(desk.tmp, "pulse")
        os.makedirs(self.folder)
        self.socket = os.path.join(self.folder, "native")
        self.env = desk.env(PULSE_RUNTIME_PATH=self.folder, HOME=self.folder, PULSE_SERVER="unix:" + self.socket)
        self.proc = desk.spawn(["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
                                "--disable-shm", "-L", "module-native-protocol-unix socket=" + self.socket,
                                "-L", "module-null-sink sink_name=out rate=48000",
                                "-L", "module-always-sink"],
                               env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(lambda: subprocess.run(["pactl", "info"], env=self.env, capture_output=True).returncode == 0,
                   10, "PulseAudio to start", 0.1)
        self.onsets = []
        self._stop = False
        self.recorder = subprocess.Popen(["parec", "-d", "out.monitor", "--raw", "--format=s16le", "--rate=48000",
                                          "--channels=1", "--latency-msec=5"], env=self.env, stdout=subprocess.PIPE)
        self.thread = threading.Thread(target=self._record, daemon=True)
        self.thread.start()

    def _record(self):
        piece = SAMPLE_RATE // 200 * 2  # 5 ms of 16-bit mono
        quiet_since = time.monotonic()
        loud = False
        while not self._stop:
            data = self.recorder.stdout.read(piece)
            if not data:
                return
            now = time.monotonic()
            samples = memoryview(data).cast("h")
            rms = (sum(s * s for s in samples) / max(1, len(samples))) ** 0.5
            # The piece's samples were played during the 5 ms before they could be read.
            at = now - len(samples) / SAMPLE_RATE
            if rms > LOUD and not loud and at - quiet_since >= QUIET_BEFORE:
                self.onsets.append(at)
            if rms <= LOUD and loud:
                quiet_since = at
            loud = rms > LOUD

    def close(self):
        self._stop = True
        self.recorder.terminate()
        Desktop.stop(self.proc)


class StreamWatcher:
    """`ffmpeg` pulling A's stream from the server with the least buffering it has (`nobuffer`,
    `low_delay`), each decoded picture shrunk to 16x9 gray and timed as it arrives: the flash's
    onset there is the latency up to the server and back, without any player's buffer."""

    def __init__(self, desk, url):
        self.onsets = []
        self.proc = desk.spawn(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-fflags", "nobuffer",
                                "-flags", "low_delay", "-probesize", "32768", "-analyzeduration", "0", "-i", url, "-an",
                                "-vf", "scale=16:9,format=gray", "-f", "rawvideo", "-"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        dark_since, bright = time.monotonic(), None
        while True:
            frame = self.proc.stdout.read(16 * 9)
            if len(frame) < 16 * 9:
                return
            now = time.monotonic()
            middle = [frame[y * 16 + x] for y in range(3, 6) for x in range(6, 10)]
            lit = sum(middle) / len(middle) > 128
            if lit and bright is False and now - dark_since >= 0.5:
                self.onsets.append(now)
            if not lit and bright is not False:
                dark_since = now
            bright = lit

    def close(self):
        Desktop.stop(self.proc)


def stream_of(server, name):
    """The name of participant `name`'s stream in call standup on the server's statistics page."""
    import urllib.request
    import xml.etree.ElementTree as ET
    page = ET.fromstring(urllib.request.urlopen(server.stats_url, timeout=5).read())
    for stream in page.iter("stream"):
        text = stream.findtext("name") or ""
        if text.startswith("standup~%s-" % name) and stream.find("publishing") is not None:
            return text
    return None


def floatapp(desk, name, rooms, arguments, env):
    home = os.path.join(desk.tmp, name)
    os.makedirs(home, exist_ok=True)
    path = os.path.join(home, "rooms.json")
    with open(path, "w") as f:
        json.dump(rooms, f)
    stats = os.path.join(OUT, "callatency-%s-stats.jsonl" % name)
    if os.path.exists(stats):
        os.remove(stats)
    log = open(os.path.join(OUT, "callatency-%s.log" % name), "w")
    env = dict(env, XDG_STATE_HOME=os.path.join(home, "state"), XDG_CONFIG_HOME=os.path.join(home, "config"))
    proc = desk.spawn([args.floatapp, "--rooms", path, "--stats", stats] + arguments,
                      env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    return proc, Stats(stats)


def cpu_seconds(pid):
    """User + system CPU seconds of process `pid` and its threads so far."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def measure_cost(desk, server, rooms, seconds):
    """A joined 3-way call (A sends 640x360 at 30 fps and plays B and C) against the same app
    only watching B's and C's streams, and `ffmpeg` encoding A's source alone with the
    publisher's settings, all side by side over the same `seconds`. Returns CPU (cores) and RSS."""
    source = "testsrc2=size=640x360:rate=30"
    env = desk.env(SDL_AUDIODRIVER="dummy")
    apps = {}
    for name in ("B", "C"):
        apps[name], _ = floatapp(desk, "cost-" + name, rooms({"name": name, "camera": "lavfi:" + source.replace("30", "15"),
                                                              "microphone": "lavfi:sine=f=330:sample_rate=48000"}),
                                 ["--open", "standup"], env)
    apps["joined"], _ = floatapp(desk, "cost-joined", rooms({"name": "A", "camera": "lavfi:" + source,
                                                             "microphone": "lavfi:sine=f=440:sample_rate=48000"}),
                                 ["--open", "standup"], env)
    streams = [wait_until(lambda n=n: stream_of(server, n), 20, n + "'s stream", 0.2) for n in ("B", "C")]
    url = "rtmp://127.0.0.1:%d/call/%%s" % server.rtmp_port
    watch = {"rooms": [{"id": "watch", "title": "Watch", "kind": "call",
                        "participants": [{"name": n, "source": url % s} for n, s in zip(("B", "C"), streams)]}]}
    apps["watching"], _ = floatapp(desk, "cost-watching", watch, ["--open", "watch"], env)
    apps["ffmpeg"] = desk.spawn(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-f", "lavfi", "-i", source,
                                 "-f", "lavfi", "-i", "sine=f=440:sample_rate=48000", "-c:v", "libx264", "-preset", "ultrafast",
                                 "-tune", "zerolatency", "-b:v", "800k", "-g", "30", "-c:a", "aac", "-b:a", "64k",
                                 "-f", "flv", server.rtmp_url("encode-peer")],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(8)  # joined, playing and encoding: the start is not what is measured
    start = {k: cpu_seconds(p.pid) for k, p in apps.items()}
    began = time.monotonic()
    rss = {k: [] for k in apps}
    while time.monotonic() - began < seconds:
        for k, p in apps.items():
            if p.poll() is not None:
                raise RuntimeError("%s exited while measured" % k)
            rss[k].append(rss_mib(p.pid))
        time.sleep(0.5)
    took = time.monotonic() - began
    cost = {k: dict(cpu=(cpu_seconds(p.pid) - start[k]) / took, rss=statistics.median(rss[k])) for k, p in apps.items()}
    for p in apps.values():
        Desktop.stop(p)
        desk.forget(p)
    return cost


def delays(onsets, wall_offset):
    """The wall-clock event (a multiple of PERIOD) each onset at monotonic time shows, with its
    delay. The first onset shows the latest event before it; after that a delay follows the
    previous one (a jump of more than half a PERIOD is a delay that grew or shrank past an
    event, not a shorter delay), so delays longer than PERIOD are measured, not wrapped."""
    found, previous = {}, None
    for onset in onsets:
        wall = onset + wall_offset
        delay = wall - (wall // PERIOD) * PERIOD
        if previous is not None:
            while delay - previous > PERIOD / 2:
                delay -= PERIOD
            while previous - delay > PERIOD / 2:
                delay += PERIOD
        found[round(wall - delay)] = delay
        previous = delay
    return found


def summary(delays):
    ordered = sorted(delays)
    return dict(n=len(ordered), median=statistics.median(ordered), p90=ordered[int(0.9 * (len(ordered) - 1))],
                worst=ordered[-1], best=ordered[0])


def call_onsets(desk, pulse, rooms, prefix, events, pull=None):
    """A (the flashing camera and beeping microphone) and B (floating call standup of `rooms`, its
    sound into `pulse`) in one call, until B has shown `events` flashes and played as many beeps.
    `pull`, called once B's float shows A, may return a StreamWatcher. Returns the onsets
    (monotonic s) seen on B's float, heard in B's sound and pulled, from the first grab on, and the
    wall clock's offset from the monotonic one."""
    a, _ = floatapp(desk, prefix + "a", rooms({"name": "A", "camera": camera(), "microphone": microphone()}),
                    ["--open", "standup"], desk.env(SDL_AUDIODRIVER="dummy"))
    b, b_stats = floatapp(desk, prefix + "b", rooms({"name": "B", "camera": "lavfi:testsrc2=size=640x360:rate=15",
                                                      "microphone": "lavfi:anullsrc=r=48000"}),
                          ["--open", "standup", "--float"], dict(pulse.env, SDL_AUDIODRIVER="pulseaudio"))

    def float_frames():
        evs = b_stats.since(0)
        shown = [e for e in evs if e["ev"] == "float_shown"]
        frames = sum(1 for e in evs if e["ev"] == "frame" and e.get("window") == "float")
        return shown[-1] if shown and frames >= 30 else None
    shown = wait_until(float_frames, 60, "B's float to show A", 0.2)
    region = centre((shown["x"], shown["y"], shown["w"], shown["h"]))
    puller = pull() if pull else None
    wall_offset = time.time() - time.monotonic()
    screen = Screen(desk.display)
    watcher = Watcher(screen, {"float": region})
    heard_from = len(pulse.onsets)
    first = time.monotonic()

    def enough():
        return len(watcher.onsets["float"]) >= events and len(pulse.onsets) - heard_from >= events

    def check():
        for name, proc in (("A", a), ("B", b)):
            if proc.poll() is not None:
                raise RuntimeError("%s exited (status %s)" % (name, proc.returncode))
        if time.monotonic() - first > events * PERIOD + 60:
            raise TimeoutError("seen %d flashes and %d beeps" % (len(watcher.onsets["float"]), len(pulse.onsets) - heard_from))
    watcher.run(enough, check)
    screen.close()
    if puller:
        puller.close()
    for proc in (a, b):
        Desktop.stop(proc)
        desk.forget(proc)
    after = lambda times: [t for t in times if t > first + 0.5]
    return dict(glass=after(watcher.onsets["float"]), ear=after(pulse.onsets[heard_from:]),
                pulled=after(puller.onsets) if puller else [], wall_offset=wall_offset)


def figures(onsets):
    """Glass-to-glass, mouth-to-ear and pulled delays by event, and the lip sync of the events
    both were seen for (sound minus picture, s), from call_onsets's onsets."""
    glass, ear, pulled = (delays(onsets[k], onsets["wall_offset"]) for k in ("glass", "ear", "pulled"))
    sync = [ear[e] - glass[e] for e in sorted(set(glass) & set(ear))]
    return glass, ear, pulled, sync


def main():
    global args
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--floatapp", required=True)
    parser.add_argument("--events", type=int, default=20, help="flashes and beeps to measure (default 20)")
    parser.add_argument("--cost-seconds", type=int, default=15, help="seconds the cost is measured over (0: skip)")
    args = parser.parse_args()
    need("xdotool", "xwininfo", "pulseaudio", "parec", "pactl", "ffmpeg")
    os.makedirs(OUT, exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with Desktop("callatency") as desk:
        server = LiveServer(spawn=desk.spawn)
        pulse = PulseSink(desk)
        entry = dict(server.server_entry(), calls="rtmp://127.0.0.1:%d/call/{room}~{participant}" % server.rtmp_port)
        rooms = lambda me: {"me": me, "servers": [entry],
                            "rooms": [{"id": "standup", "title": "Stand-up", "kind": "call", "server": "local"}]}
        onsets = call_onsets(desk, pulse, rooms, "", args.events,
                             lambda: StreamWatcher(desk, "rtmp://127.0.0.1:%d/call/%s" % (
                                 server.rtmp_port, wait_until(lambda: stream_of(server, "A"), 10, "A's stream on the server", 0.2))))
        pulse.close()
        cost = measure_cost(desk, server, rooms, args.cost_seconds) if args.cost_seconds > 0 else None
        server.stop()

    glass, ear, pulled, sync = figures(onsets)
    g, m = summary(list(glass.values())), summary(list(ear.values()))
    s = dict(n=len(sync), median=statistics.median(sync), worst=max(sync, key=abs)) if sync else None
    load = os.getloadavg()[0]

    def row(name, r, goal):
        met = r["median"] <= GOAL_MEDIAN and r["worst"] <= GOAL_WORST
        return "| %s | %d | %.3f | %.3f | %.3f | %.3f | %s |" % (name, r["n"], r["best"], r["median"], r["p90"], r["worst"],
                                                             "met" if met else "MISSED")
    lines = ["Call latency A -> B (%s, load %.1f on %d cores; `bench/run.sh callatency`):" % (started, load, os.cpu_count()),
             "",
             "| path | events | best s | median s | p90 s | worst s | goal (median <= %.2f, worst <= %.2f) |" % (GOAL_MEDIAN, GOAL_WORST),
             "|---|---|---|---|---|---|---|",
             row("glass-to-glass (A's camera -> B's float on screen)", g, None),
             row("mouth-to-ear (A's microphone -> B's played-out samples)", m, None)]
    if pulled:
        lines.append(row("A's camera -> the server -> `ffmpeg -fflags nobuffer` decoded (no player, no screen)",
                         summary(list(pulled.values())), None))
    lines += ["", "Glass-to-glass delays in the order seen: " + " ".join("%.2f" % glass[e] for e in sorted(glass))]
    if s:
        lines += ["", "Lip sync at B (sound onset minus picture onset, %d events): median %+.3f s, worst %+.3f s; goal within "
                  "+-%.3f s: %s" % (s["n"], s["median"], s["worst"], GOAL_SYNC,
                                    "met" if abs(s["median"]) <= GOAL_SYNC and abs(s["worst"]) <= GOAL_SYNC else "MISSED")]
    if cost:
        send = cost["joined"]["cpu"] - cost["watching"]["cpu"]
        lines += ["", "What one participant costs (%d s side by side; CPU in cores, RSS median):" % args.cost_seconds, "",
                  "| process | CPU | RSS MiB |", "|---|---|---|"]
        labels = {"joined": "FloatApp joined: sending 640x360 30 fps + AAC, playing B and C",
                  "watching": "FloatApp only watching B and C (a call of their two streams)",
                  "ffmpeg": "`ffmpeg` encoding the same source alone with a call's settings (ultrafast, zerolatency, 0.8 Mb/s, a key frame a second, AAC 64 kb/s) to the server"}
        for k in ("joined", "watching", "ffmpeg"):
            lines.append("| %s | %.3f | %.0f |" % (labels[k], cost[k]["cpu"], cost[k]["rss"]))
        lines += ["", "Sending costs %.3f cores and %+.0f MiB over watching: %.2fx `ffmpeg` encoding the same source alone."
                  % (send, cost["joined"]["rss"] - cost["watching"]["rss"], send / max(cost["ffmpeg"]["cpu"], 1e-6))]
    text = "\n".join(lines) + "\n"
    print(text)
    with open(os.path.join(OUT, "callatency.md"), "w") as f:
        f.write(text)
    with open(os.path.join(OUT, "callatency.json"), "w") as f:
        json.dump(dict(glass=glass, ear=ear, pulled=pulled, sync=sync, cost=cost), f, indent=1)


if __name__ == "__main__":
    main()
