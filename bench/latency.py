#!/usr/bin/env python3
"""Live latency benchmark: from a picture captured by a FloatApp host to the same picture on a
FloatApp viewer's screen, over RTMP and over HLS, side by side with ffplay watching the same
stream at the same time.

App A hosts a room whose `lavfi:` source is a test pattern with a dark box in the middle that
turns white for 4 frames at irregular, seeded intervals (1.5 to 3.5 s apart). A publishes it
to a local nginx-rtmp (scripts/server.sh). App B floats the stream (`--open --float`), ffplay
plays it in a window, all on one Xvfb. python3-xlib grabs a few pixels in the middle of A's
preview, B's float and each ffplay window at about 250 Hz and timestamps each flash's onset on
one clock. Latency = onset on a viewer minus the same flash's onset in A's preview (the
capture shown directly, so the reference is capture time plus one present).
Flashes are matched by their irregular spacing, so HLS delays longer than the spacing match.
"""

import argparse
import bisect
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need, wait_until  # noqa: E402
from liveserver import LiveServer  # noqa: E402
from statslog import Stats  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")

RATE = 30
FLASH_FRAMES = 4
GAPS = (1.5, 3.5)
# The flash schedule repeats with this period (longer than any latency measured).
PERIOD = 60
# A flash's onset: the middle pixels go from dark to above this (0-255), after being dark
# for at least DARK_BEFORE seconds.
THRESHOLD = 128
DARK_BEFORE = 0.5
SAMPLE_HZ = 250
# A viewer's flash is the host's flash whose latency is nearest the previous one's, if within this.
MATCH_WINDOW = GAPS[0] / 2
GOAL_RTMP = 1.0
FLOAT_SIZE = (480, 270)

# ffplay as people run it to watch live with the least delay: `nobuffer` does not keep the
# packets read while probing the stream (they would be played late for the whole session),
# `low_delay` lets the decoder hand out pictures at once, `framedrop` drops late pictures.
FFPLAY_LOW_DELAY = ["-fflags", "nobuffer", "-flags", "low_delay", "-framedrop"]


def flash_times(seed):
    """Onsets (seconds, on the frame grid) within one period: irregular gaps from `seed`."""
    rng = random.Random(seed)
    times, t = [], 1.0
    while t < PERIOD - GAPS[1]:
        times.append(round(t * RATE) / RATE)
        t += rng.uniform(*GAPS)
    return times


def source_graph(size, times):
    """The host's `lavfi:` source: testsrc2 with a black box in the middle, white while flashing, and a tone."""
    box = "x=iw/4:y=ih/4:w=iw/2:h=ih/2"
    on = "+".join("between(mod(t,%d),%.4f,%.4f)" % (PERIOD, s, s + (FLASH_FRAMES - 0.5) / RATE) for s in times)
    return ("lavfi:testsrc2=size=%s:rate=%d,drawbox=%s:color=black:t=fill,drawbox=%s:color=white:t=fill:enable='%s'[out0];"
            "sine=f=440:sample_rate=48000[out1]" % (size, RATE, box, box, on))


class Screen:
    """Grabs small regions of the X screen (python3-xlib) and finds flash onsets in them."""

    def __init__(self, display):
        from Xlib import X, display as xdisplay
        self._zpixmap = X.ZPixmap
        self.display = xdisplay.Display(display)
        self.root = self.display.screen().root

    def brightness(self, rect):
        x, y, w, h = rect
        data = self.root.get_image(x, y, w, h, self._zpixmap, 0xFFFFFFFF).data
        return sum(data[1::4]) / (w * h)  # green, of 32-bit BGRX pixels

    def close(self):
        self.display.close()


class Watcher:
    """Samples named regions at SAMPLE_HZ and records each flash onset (monotonic seconds)."""

    def __init__(self, screen, regions):
        self.screen, self.regions = screen, regions
        self.onsets = {name: [] for name in regions}
        self._bright = {name: None for name in regions}
        self._dark_since = {name: None for name in regions}
        self.samples = 0
        self.longest_gap = 0.0
        self._last = None

    def sample(self):
        now = None
        for name, rect in self.regions.items():
            before = time.monotonic()
            value = self.screen.brightness(rect)
            now = (before + time.monotonic()) / 2
            bright = value > THRESHOLD
            dark_since = self._dark_since[name]
            if bright and self._bright[name] is False and now - dark_since >= DARK_BEFORE:
                self.onsets[name].append(now)
            if not bright and self._bright[name] is not False:
                self._dark_since[name] = now
            self._bright[name] = bright
        self.samples += 1
        if self._last is not None:
            self.longest_gap = max(self.longest_gap, now - self._last)
        self._last = now

    def run(self, until, check=lambda: None, period=1.0):
        """Samples until `until()` is true; calls `check()` every `period` seconds."""
        tick = 1.0 / SAMPLE_HZ
        start = next_check = time.monotonic()
        due = start
        while True:
            self.sample()
            now = time.monotonic()
            if now >= next_check:
                check()
                if until():
                    return now - start
                next_check = now + period
            due += tick
            if due > now:
                time.sleep(due - now)
            else:
                due = now


def match(reference, seen):
    """The latencies of `pairs(reference, seen)` and how many onsets had no flash."""
    found, unmatched = pairs(reference, seen)
    return [latency for _, latency in found], unmatched


def pairs(reference, seen):
    """Pairs each onset in `seen` with the flash in `reference` it shows: the first pairing is the
    most common delay (within MATCH_WINDOW); after that each follows the previous delay, so a slow
    drift is tracked and a flash can never pair with a neighbour (gaps are >= 2 * MATCH_WINDOW).
    Onsets of flashes the host showed before sampling began are left out. Returns the latencies
    in order, each with its onset in `seen`, and how many other onsets in `seen` had no flash."""
    if not reference or not seen:
        return [], len(seen)
    reference = sorted(reference)
    candidates = sorted({round(b - a, 2) for b in seen for a in reference if 0 < b - a < PERIOD / 2})

    def nearest(t):
        i = bisect.bisect_left(reference, t)
        return min(reference[max(0, i - 1):i + 1], key=lambda a: abs(a - t))

    def support(delay):
        return sum(1 for b in seen if abs(nearest(b - delay) - (b - delay)) <= MATCH_WINDOW / 4)

    if not candidates:
        return [], len(seen)
    expected = max(candidates, key=support)
    latencies, unmatched = [], 0
    for b in seen:
        best = nearest(b - expected)
        if b - expected < reference[0] - MATCH_WINDOW:
            continue
        if abs(b - best - expected) <= MATCH_WINDOW:
            latencies.append((b, b - best))
            expected = b - best
        else:
            unmatched += 1
    return latencies, unmatched


class Bench:
    def __init__(self, desk, args):
        self.desk, self.args = desk, args
        self.tmp = desk.tmp

    def floatapp(self, name, rooms, arguments):
        """Starts FloatApp with its own state, config and stats file; returns (process, stats)."""
        home = os.path.join(self.tmp, name)
        rooms_path = os.path.join(home, "rooms.json")
        os.makedirs(home, exist_ok=True)
        with open(rooms_path, "w") as f:
            json.dump(rooms, f)
        stats_path = os.path.join(OUT, "latency-%s-stats.jsonl" % name)
        if os.path.exists(stats_path):
            os.remove(stats_path)  # a reader must never see the last run's lines
        env = self.desk.env(SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=os.path.join(home, "state"),
                            XDG_CONFIG_HOME=os.path.join(home, "config"))
        log = open(os.path.join(OUT, "latency-%s.log" % name), "w")
        proc = self.desk.spawn([self.args.floatapp, "--rooms", rooms_path, "--stats", stats_path] + arguments,
                               env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        return proc, Stats(stats_path)

    def xdo(self, *args):
        return self.desk.run(["xdotool", *args]).stdout

    def window(self, what, pid=None, name=None):
        """Waits for a visible window of process `pid` and/or titled `name`; returns its id."""
        def found():
            ids = self.desk.windows(name=name, pid=pid)
            return ids[0] if ids else None
        return wait_until(found, 20, what, interval=0.1)

    def geometry(self, wid):
        """The window's client area on the screen (x, y, w, h), from xwininfo."""
        keys = {"Absolute upper-left X": 0, "Absolute upper-left Y": 1, "Width": 2, "Height": 3}
        g = [0, 0, 0, 0]
        for line in self.desk.run(["xwininfo", "-id", wid]).stdout.splitlines():
            k, _, v = line.strip().partition(":")
            if k in keys:
                g[keys[k]] = int(v)
        return tuple(g)

    def place(self, wid, x, y, w, h):
        self.xdo("windowsize", "--sync", wid, str(w), str(h))
        self.xdo("windowmove", "--sync", wid, str(x), str(y))

    def screenshot(self, name):
        """The whole screen as a PNG in bench/out, to check where the regions are."""
        path = os.path.join(OUT, "latency-%s.png" % name)
        subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "x11grab", "-video_size",
                        "1920x1080", "-i", self.desk.display, "-frames:v", "1", path],
                       env=self.desk.env(), check=False, timeout=20)


def centre(rect, size=6):
    x, y, w, h = rect
    return (x + w // 2 - size // 2, y + h // 2 - size // 2, size, size)


def ffplay_args(kind, url, x, y):
    w, h = FLOAT_SIZE
    extra = FFPLAY_LOW_DELAY if kind == "low-delay" else []
    return (["ffplay", "-hide_banner", "-loglevel", "error", "-noborder", "-x", str(w), "-y", str(h),
             "-left", str(x), "-top", str(y), "-window_title", "latency-ffplay-" + kind] + extra + [url])


def run_protocol(bench, server, protocol, host_region, flashes):
    """Watches the host's stream over `protocol` with FloatApp B and ffplay; returns each viewer's onsets."""
    desk, args = bench.desk, bench.args
    url = server.rtmp_url("studio") if protocol == "rtmp" else server.hls_url("studio")
    viewers = {}
    ffplays = {"ffplay-low-delay": ("low-delay", 960, 0), "ffplay": ("plain", 960, 300)}
    procs = []
    for name, (kind, x, y) in ffplays.items():
        log = open(os.path.join(OUT, "latency-%s-%s.log" % (name, protocol)), "w")
        proc = desk.spawn(ffplay_args(kind, url, x, y), env=desk.env(SDL_AUDIODRIVER="dummy"),
                          stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        procs.append((name, proc))
    rooms = {"rooms": [{"id": "watch", "title": "Watch", "kind": "live", "source": url}]}
    viewer, stats = bench.floatapp("viewer-" + protocol, rooms, ["--open", "watch", "--float"])
    procs.append(("FloatApp", viewer))

    def float_frames():
        evs = stats.since(0)
        shown = [e for e in evs if e["ev"] == "float_shown"]
        frames = sum(1 for e in evs if e["ev"] == "frame" and e.get("window") == "float")
        return shown[-1] if shown and frames >= 10 else None
    shown = wait_until(float_frames, 40, "FloatApp B's float to show 10 frames of the %s stream" % protocol, 0.1)
    viewers["FloatApp"] = (shown["x"], shown["y"], shown["w"], shown["h"])
    main = bench.window("FloatApp B's main window", pid=viewer.pid, name="^FloatApp$")
    bench.place(main, 0, 620, 640, 400)
    for name, (kind, _, _) in ffplays.items():
        wid = bench.window(name + "'s window", name="^latency-ffplay-%s$" % kind)
        viewers[name] = bench.geometry(wid)
    regions = {"host": host_region}
    regions.update({name: centre(rect) for name, rect in viewers.items()})
    print("%s: regions %s" % (protocol, regions), flush=True)

    screen = Screen(desk.display)
    watcher = Watcher(screen, regions)

    def alive():
        for name, proc in procs:
            if proc.poll() is not None:
                raise RuntimeError("%s exited (status %s) while watching over %s" % (name, proc.returncode, protocol))

    def enough():
        return all(len(match(watcher.onsets["host"], watcher.onsets[n])[0]) >= flashes for n in viewers)
    bench.screenshot(protocol)
    limit = time.monotonic() + flashes * GAPS[1] + 60
    stall = dict(at=None, seconds=bench.args.stall)
    if bench.args.stall > 0 and protocol == bench.args.protocols.split(",")[0]:
        # Half the flashes before, half after a stall of the whole host app (SIGSTOP, SIGCONT).
        flashes += flashes // 2
        limit += flashes * GAPS[1]

        def stall_host():
            stall["at"] = time.monotonic()
            os.kill(bench.host.pid, signal.SIGSTOP)
            time.sleep(bench.args.stall)
            os.kill(bench.host.pid, signal.SIGCONT)
            print("%s: host stopped for %.2f s" % (protocol, bench.args.stall), flush=True)

        def half_seen():
            return all(len(match(watcher.onsets["host"], watcher.onsets[n])[0]) >= flashes // 3 for n in viewers)
    else:
        def half_seen():
            return False

    def check():
        if stall["seconds"] > 0 and stall["at"] is None and half_seen():
            stall["at"] = time.monotonic()
            threading.Thread(target=stall_host, daemon=True).start()
        alive()
        if time.monotonic() > limit:
            raise TimeoutError("fewer than %d flashes seen by every viewer over %s: %s"
                               % (flashes, protocol, {n: len(v) for n, v in watcher.onsets.items()}))
    seconds = watcher.run(enough, check)
    screen.close()
    for _, proc in reversed(procs):
        Desktop.stop(proc)
        desk.forget(proc)
    return dict(onsets=watcher.onsets, seconds=seconds, samples=watcher.samples,
                longest_gap=watcher.longest_gap, url=url, stall=stall if stall["at"] is not None else None)


def summarise(result):
    host = result["onsets"]["host"]
    rows = {}
    for name, seen in result["onsets"].items():
        if name == "host":
            continue
        latencies, unmatched = match(host, seen)
        rows[name] = dict(latencies=latencies, unmatched=unmatched,
                          median=statistics.median(latencies) if latencies else None,
                          worst=max(latencies) if latencies else None,
                          best=min(latencies) if latencies else None)
    return rows


# Flashes this long after a stall ended are left out of the level after it (the catch-up).
STALL_SETTLE = 2.0


def stall_summary(result):
    """Each viewer's median latency over the flashes before a stall and after it settled."""
    stall = result.get("stall")
    if not stall:
        return None
    end = stall["at"] + stall["seconds"] + STALL_SETTLE
    rows = {}
    for name, seen in result["onsets"].items():
        if name == "host":
            continue
        found, _ = pairs(result["onsets"]["host"], seen)
        before = [lat for b, lat in found if b - lat < stall["at"]]
        after = [lat for b, lat in found if b - lat > end]
        rows[name] = dict(before=statistics.median(before) if before else None, after=statistics.median(after) if after else None,
                          counts=(len(before), len(after)))
    return rows


def fmt(v):
    return "-" if v is None else "%.2f" % v


def ratio(a, b):
    return "-" if a is None or not b else "%.2fx" % (a / b)


def preview_cadence(stats):
    """The host preview's presents while live: (count, median and worst ms between them)."""
    events = stats.since(0)
    live = next((i for i, e in enumerate(events) if e["ev"] == "broadcast" and e.get("phase") == "live"), len(events))
    times = [e["t"] for e in events[live:] if e["ev"] == "frame" and e.get("window") == "main"]
    gaps = [b - a for a, b in zip(times, times[1:])]
    return len(times), statistics.median(gaps) if gaps else None, max(gaps) if gaps else None


def report(results, args, started, load, cadence):
    hls = LiveServer.hls_settings()
    lines = ["### Results (%s, `bench/run.sh latency%s`; load average %s at start)" % (
        started, "".join(" " + a for a in sys.argv[1:] if not a.startswith("--floatapp") and "/" not in a), load), ""]
    lines.append("| protocol | viewer | flashes | median s | worst s | best s | median vs ffplay low-delay | worst vs ffplay low-delay |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---:|")
    goal = None
    for protocol, result in results.items():
        rows = summarise(result)
        peer = rows.get("ffplay-low-delay", {})
        for name in ("FloatApp", "ffplay-low-delay", "ffplay"):
            r = rows[name]
            label = {"FloatApp": "FloatApp (float)", "ffplay-low-delay": "ffplay -fflags nobuffer -flags low_delay -framedrop",
                     "ffplay": "ffplay (plain)"}[name]
            lines.append("| %s | %s | %d%s | %s | %s | %s | %s | %s |" % (
                protocol.upper(), label, len(r["latencies"]), " (+%d unmatched)" % r["unmatched"] if r["unmatched"] else "",
                fmt(r["median"]), fmt(r["worst"]), fmt(r["best"]),
                ratio(r["median"], peer.get("median")), ratio(r["worst"], peer.get("worst"))))
            if protocol == "rtmp" and name == "FloatApp":
                goal = r["worst"]
    lines.append("")
    lines.append("Goal FloatApp over RTMP <= %.1f s: %s (worst %s s)" % (
        GOAL_RTMP, "MET" if goal is not None and goal <= GOAL_RTMP else "MISSED", fmt(goal)))
    for protocol, result in results.items():
        lines.append("%s: %.0f s watched, %d sampling rounds (%.0f Hz), longest gap between rounds %.1f ms; %d host flashes"
                     % (protocol.upper(), result["seconds"], result["samples"], result["samples"] / max(result["seconds"], 1e-9),
                        result["longest_gap"] * 1000, len(result["onsets"]["host"])))
    for protocol, result in results.items():
        rows = stall_summary(result)
        if not rows:
            continue
        lines.append("")
        lines.append("%s, host app stopped (SIGSTOP) for %.2f s: median latency over the flashes before it and from %.0f s after it"
                     % (protocol.upper(), result["stall"]["seconds"], STALL_SETTLE))
        lines.append("")
        lines.append("| viewer | flashes before / after | before s | after s | after - before s |")
        lines.append("|---|---:|---:|---:|---:|")
        for name, r in rows.items():
            change = None if r["before"] is None or r["after"] is None else r["after"] - r["before"]
            lines.append("| %s | %d / %d | %s | %s | %s |" % (name, r["counts"][0], r["counts"][1], fmt(r["before"]),
                                                          fmt(r["after"]), "-" if change is None else "%+.2f" % change))
    lines.append("Host preview (the reference): %d presents while live, median %s ms apart, worst %s ms"
                 % (cadence[0], fmt(cadence[1]), fmt(cadence[2])))
    lines.append("Host source %s at %d fps, flashes of %d frames %.1f-%.1f s apart (seed %d); nginx-rtmp HLS %s"
                 % (args.size, RATE, FLASH_FRAMES, GAPS[0], GAPS[1], args.seed,
                    ", ".join("%s %s" % kv for kv in sorted(hls.items()))))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--floatapp", default=os.path.join(ROOT, ".build", "static", "release", "floatapp"))
    ap.add_argument("--flashes", type=int, default=24, help="flashes matched per viewer and protocol")
    ap.add_argument("--size", default="1280x720", help="the host's picture size")
    ap.add_argument("--protocols", default="rtmp,hls")
    ap.add_argument("--seed", type=int, default=None, help="seed of the flash schedule (printed)")
    ap.add_argument("--stall", type=float, default=0,
                    help="stop the host app (SIGSTOP) for this many seconds halfway through the first protocol, "
                         "and report each viewer's latency before and after")
    args = ap.parse_args()
    need("Xvfb", "openbox", "xprop", "xdotool", "xwininfo", "ffplay", "ffmpeg", "nginx", args.floatapp)
    try:
        import Xlib  # noqa: F401
    except ImportError:
        sys.exit("bench: python3-xlib is missing (run `make bench`, which installs it)")
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1 << 31)
    print("flash schedule seed %d" % args.seed, flush=True)
    os.makedirs(OUT, exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M %Z")
    load = "%.2f" % os.getloadavg()[0]
    results = {}
    with Desktop("latency") as desk:
        server = LiveServer(spawn=desk.spawn, env=desk.env())
        bench = Bench(desk, args)
        rooms = {"servers": [server.server_entry()],
                 "rooms": [{"id": "studio", "title": "Studio", "kind": "live", "role": "host", "server": "local",
                            "source": source_graph(args.size, flash_times(args.seed))}]}
        host, stats = bench.floatapp("host", rooms, ["--open", "studio"])
        bench.host = host
        wait_until(lambda: any(e["ev"] == "frame" and e.get("window") == "main" for e in stats.since(0)), 30,
                   "the host's preview", 0.1)
        main = bench.window("the host's main window", pid=host.pid, name="^FloatApp$")
        bench.place(main, 0, 0, 940, 580)
        bench.xdo("windowactivate", "--sync", main)
        time.sleep(0.05)
        bench.xdo("key", "g")
        wait_until(lambda: any(e["ev"] == "broadcast" and e.get("phase") == "live" for e in stats.since(0)), 20,
                   "the host to go live", 0.1)
        # The middle of the preview: the video is fitted into the room view, the box is its middle half.
        host_region = centre(bench.geometry(main))
        for protocol in args.protocols.split(","):
            print("watching over %s ..." % protocol, flush=True)
            results[protocol] = run_protocol(bench, server, protocol, host_region, args.flashes)
            for name, r in summarise(results[protocol]).items():
                print("  %s: %d flashes, median %s s, worst %s s" % (name, len(r["latencies"]), fmt(r["median"]), fmt(r["worst"])),
                      flush=True)
        server.stop()
        cadence = preview_cadence(stats)
    with open(os.path.join(OUT, "latency.json"), "w") as f:
        json.dump(dict(seed=args.seed, size=args.size, results=results,
                       summary={p: summarise(r) for p, r in results.items()}), f, indent=1)
    text = report(results, args, started, load, cadence)
    print()
    print(text)
    with open(os.path.join(OUT, "latency.md"), "w") as f:
        f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
