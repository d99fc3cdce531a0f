#!/usr/bin/env python3
"""Cold start benchmark: from exec to the first video picture on the screen, for a local file, an
HLS stream and an RTMP stream served by scripts/server.sh's nginx on 127.0.0.1, FloatApp's full
view (`floatapp --rooms R --open cold`) against ffplay and mpv, each also with its low-latency
flags, interleaved (the order rotates each round).

The picture is seen from outside the players: the benchmark asks the X server for every damaged
rectangle of the screen (XDamage on the root window), stamps each on arrival,
and reads the damaged rows' pixels until a row shows the test pattern's 75% colour bars (yellow,
cyan, green, magenta, red and blue, SMPTE HD bars), which nothing else on the screen has. The
picture's time is the arrival of the first damage over the row where the bars were found.

FloatApp's `--stats` log stamps the steps of its start (`startup` events) on the system's
monotonic clock, the benchmark's own, so the output also shows where FloatApp's time goes.
"""

import argparse
import json
import os
import random
import re
import select
import statistics
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need, wait_until  # noqa: E402
from liveserver import LiveServer  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")
MEDIA = os.path.join(OUT, "coldstart-720p30-gop1s-60s.mp4")
STREAM = "cold"
GOALS = {"file": 0.15, "hls": 0.18, "rtmp": 0.50}
TIMEOUT = 10.0
# ffplay as latency.py runs it for live: no probing buffer kept, low-delay decoding, late pictures dropped.
FFPLAY_LOW_DELAY = ["-fflags", "nobuffer", "-flags", "low_delay", "-framedrop"]
# FloatApp's start, in order: the steps its --stats log stamps (`startup` events), then its
# first presented picture in the main window (`frame`).
STEPS = [("main", "process and runtime load (exec to main)"),
         ("sdl", "SDL video and audio started"),
         ("text", "fonts and text engine ready"),
         ("window", "main window made"),
         ("shown", "main window shown"),
         ("float", "float window made (hidden)"),
         ("audio", "sound output opened"),
         ("started", "--open carried out (the source's open begins)"),
         ("a11y", "accessibility bus started"),
         ("opening", "source open started"),
         ("opened", "source opened (connected, header read)"),
         ("probed", "stream info probed"),
         ("key", "first key frame read"),
         ("decoded", "first picture decoded and converted"),
         ("presented", "first picture presented")]


def make_media():
    """60 s of 1280x720 at 30 fps, a key frame each second: SMPTE HD bars on top, a moving test
    pattern below, and a tone; H.264 (x264 veryfast, as a live encoder runs) and AAC."""
    if os.path.exists(MEDIA):
        return
    os.makedirs(OUT, exist_ok=True)
    graph = ("smptehdbars=size=1280x720:rate=30[bars];testsrc2=size=1280x240:rate=30[moving];"
             "[bars][moving]overlay=0:480")
    tmp = MEDIA + ".part.mp4"
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", graph,
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "60",
                    "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "30", "-keyint_min", "30",
                    "-sc_threshold", "0", "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", tmp], check=True)
    os.replace(tmp, MEDIA)


def bars_in(row):
    """True when a row of BGRX pixels crosses all six 75% bars (at least 12 px of each)."""
    seen = {}
    for x in range(0, len(row) // 4, 2):
        b, g, r = row[4 * x], row[4 * x + 1], row[4 * x + 2]
        key = (level(b), level(g), level(r))
        if key in BARS:
            seen[BARS[key]] = seen.get(BARS[key], 0) + 1
    return len(seen) == 6 and min(seen.values()) >= 6


def level(v):
    return 0 if v < 60 else 2 if 150 <= v <= 225 else 1


BARS = {(0, 2, 2): "yellow", (2, 2, 0): "cyan", (0, 2, 0): "green", (2, 0, 2): "magenta",
        (0, 0, 2): "red", (2, 0, 0): "blue"}


class Screen:
    """The X server's damage on the root window, stamped on arrival, and the damaged rows' pixels.

    The damage is reported when it becomes non-empty and repaired after each read of the events,
    so the server sends one event per wake-up however much is drawn (raw rectangles from a player
    drawing 60 times a second overran the connection)."""

    ROW_STEP = 40

    def __init__(self, display):
        from Xlib import X, display as xdisplay
        from Xlib.ext import damage
        self._zpixmap = X.ZPixmap
        self.display = xdisplay.Display(display)
        self.root = self.display.screen().root
        self.width = self.display.screen().width_in_pixels
        self.height = self.display.screen().height_in_pixels
        self.display.damage_query_version()
        self.damage = self.root.damage_create(damage.DamageReportNonEmpty)
        self._notify = self.display.extension_event.DamageNotify
        # The root's background is None on this Xvfb, so what a closed window showed would stay
        # on the screen and show through the next window mapped there before it draws: a ghost
        # of the last player's bars. A black background that is painted before each start.
        self.root.change_attributes(background_pixel=self.display.screen().black_pixel)
        self.display.sync()

    def events(self):
        """The damaged rectangles that arrived since the last call: [(monotonic s, x, y, w, h)]."""
        found = []
        while self.display.pending_events():
            e = self.display.next_event()
            if e.type == self._notify:
                now = time.monotonic()
                a = e.area
                found.append((now, a.x, a.y, a.width, a.height))
        if found:
            # The server reports again once the damage is repaired: one event per wake, not a flood.
            self.display.damage_subtract(self.damage)
            self.display.flush()
        return found

    def wait(self, timeout):
        """Sleeps until the server sends something or `timeout` seconds pass."""
        if not self.display.pending_events():
            select.select([self.display.fileno()], [], [], timeout)

    def row(self, y):
        return self.root.get_image(0, y, self.width, 1, self._zpixmap, 0xFFFFFFFF).data

    def first_picture(self, since, deadline):
        """Monotonic time of the first damage that put the bars on the screen after `since`; None
        at `deadline`. At each damage, rows ROW_STEP px apart are read over the area damaged
        since `since`; the picture's time is the arrival of the first damage after the last
        read that found no bars."""
        box, clean_at = None, since
        while time.monotonic() < deadline:
            self.wait(0.05)
            new = [d for d in self.events() if d[0] >= since]
            if not new:
                continue
            for _, x, y, w, h in new:
                box = (y, y + h) if box is None else (min(box[0], y), max(box[1], y + h))
            read_at = time.monotonic()
            for y in range(max(0, box[0]), min(self.height, box[1]), self.ROW_STEP):
                if bars_in(self.row(y)):
                    return min([t for t, *_ in new if t > clean_at] or [read_at])
            clean_at = read_at
        return None

    def settle(self, quiet=0.15, limit=2.0):
        """Paints the root black, then waits until no damage arrived for `quiet` seconds (at most `limit`)."""
        self.root.clear_area()
        self.display.sync()
        end = time.monotonic() + limit
        last = time.monotonic()
        while time.monotonic() < end and time.monotonic() - last < quiet:
            self.wait(0.02)
            if self.events():
                last = time.monotonic()

    def close(self):
        self.display.close()


class Contestant:
    def __init__(self, name, command, env=None, floatapp=False):
        self.name, self.command, self.env, self.floatapp = name, command, env or {}, floatapp


def contestants(args, url, home):
    rooms = os.path.join(home, "rooms-%d.json" % abs(hash(url)))
    with open(rooms, "w") as f:
        json.dump({"rooms": [{"id": STREAM, "title": "Cold start", "kind": "live", "source": url}]}, f)
    sdl = {"SDL_AUDIODRIVER": "dummy"}
    found = [Contestant("FloatApp", lambda stats: [args.floatapp, "--rooms", rooms, "--open", STREAM, "--stats", stats],
                        dict(sdl, XDG_STATE_HOME=os.path.join(home, "state"), XDG_CONFIG_HOME=os.path.join(home, "config")),
                        floatapp=True)]
    if args.baseline:
        found.append(Contestant("FloatApp baseline", lambda stats: [args.baseline, "--rooms", rooms, "--open", STREAM,
                                                                     "--stats", stats],
                                dict(sdl, XDG_STATE_HOME=os.path.join(home, "state-b"),
                                     XDG_CONFIG_HOME=os.path.join(home, "config")), floatapp=True))
    ffplay = ["ffplay", "-hide_banner", "-loglevel", "error"]
    found.append(Contestant("ffplay", lambda _: ffplay + [url], sdl))
    found.append(Contestant("ffplay low-latency", lambda _: ffplay + FFPLAY_LOW_DELAY + [url], sdl))
    if not args.no_mpv:
        mpv = ["mpv", "--no-config", "--ao=null", "--really-quiet"]
        found.append(Contestant("mpv", lambda _: mpv + [url]))
        found.append(Contestant("mpv low-latency", lambda _: mpv + ["--profile=low-latency", url]))
    return found


def startup_timeline(stats_path, exec_at):
    """FloatApp's start steps in seconds after exec, from its --stats log: {step: s}."""
    steps, base = {}, None
    try:
        with open(stats_path) as f:
            lines = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError):
        return steps
    for e in lines:
        if e.get("ev") == "clock":
            base = e["monotonic_ms"] / 1000
    if base is None:
        return steps
    for e in lines:
        t = base + e["t"] / 1000 - exec_at
        if e.get("ev") == "startup":
            steps.setdefault(e["step"], t)
        elif e.get("ev") == "frame" and e.get("window") == "main":
            steps.setdefault("presented", t)
    return steps


def run_once(desk, screen, contestant, tmp):
    """Starts one player, returns (seconds from exec to the picture on screen or None, timeline)."""
    stats = os.path.join(tmp, "stats.jsonl")
    if os.path.exists(stats):
        os.remove(stats)
    screen.settle()
    screen.events()
    env = desk.env(**contestant.env)
    log = open(os.path.join(OUT, "coldstart-player.log"), "a")
    exec_at = time.monotonic()
    proc = desk.spawn(contestant.command(stats), env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    try:
        seen = screen.first_picture(exec_at, exec_at + TIMEOUT)
    finally:
        Desktop.stop(proc)
        desk.forget(proc)
        log.close()
    timeline = startup_timeline(stats, exec_at) if contestant.floatapp else {}
    return (None if seen is None else seen - exec_at), timeline


class Publisher:
    """ffmpeg sending the test file in a loop, in real time, to the server (copied: a key frame a second)."""

    def __init__(self, desk, server):
        self.proc = desk.spawn(["ffmpeg", "-hide_banner", "-loglevel", "error", "-re", "-stream_loop", "-1", "-i", MEDIA,
                                "-c", "copy", "-f", "flv", server.rtmp_url(STREAM)],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def hls_ready():
            try:
                with urllib.request.urlopen(server.hls_url(STREAM), timeout=2) as r:
                    return r.read().count(b"#EXTINF") >= 3
            except OSError:
                return False

        wait_until(hls_ready, 30, "the HLS playlist to list three segments", interval=0.2)


def summary(values):
    done = [v for v in values if v is not None]
    if not done:
        return "no picture", None
    med = statistics.median(done)
    text = "%.3f (%.3f-%.3f)" % (med, min(done), max(done))
    missed = len(values) - len(done)
    return text + (" %d missed" % missed if missed else ""), med


def report(results, timelines, sources, names, args, started, load):
    lines = ["# Cold start: exec to the first picture on the screen",
             "",
             "%s UTC, load average %s at start, `%s`; %d rounds (after %d warm-up), order rotated each round, "
             "live starts spread over the GOP (seed %d)."
             % (time.strftime("%Y-%m-%d %H:%M", time.gmtime(started)), load, " ".join(args.command), args.rounds, 1,
                args.seed),
             "",
             "Seconds, median (min-max):",
             "",
             "| player | " + " | ".join(sources) + " |",
             "|---|" + "---:|" * len(sources)]
    medians = {}
    for name in names:
        cells = []
        for source in sources:
            text, med = summary(results[source][name])
            medians[(source, name)] = med
            cells.append(text)
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    lines.append("")
    for source in sources:
        med = medians.get((source, "FloatApp"))
        verdict = "met" if med is not None and med <= GOALS[source] else "not met"
        peers = ", ".join("%s %.2fx" % (n, med / medians[(source, n)]) for n in names
                          if n != "FloatApp" and med and medians.get((source, n)))
        lines.append("- %s: FloatApp %s s, goal <= %.2f s: %s; FloatApp / peer: %s" %
                     (source, "-" if med is None else "%.3f" % med, GOALS[source], verdict, peers))
    readme = "\n".join(["**Cold start**, exec to the first picture on the screen: " + lines[2], ""] + lines[6:]) + "\n"
    lines += ["", "FloatApp's start, seconds after exec (median over rounds; the screen's own time last):", "",
              "| step | " + " | ".join(sources) + " |", "|---|" + "---:|" * len(sources)]
    for step, words in STEPS + [("screen", "first picture on the screen (XDamage + pixels)")]:
        cells = []
        for source in sources:
            values = ([t for t in results[source]["FloatApp"] if t is not None] if step == "screen"
                      else [tl[step] for tl in timelines[source] if step in tl])
            cells.append("%.3f" % statistics.median(values) if values else "-")
        lines.append("| %s: %s | %s |" % (step, words, " | ".join(cells)))
    return "\n".join(lines), readme


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--floatapp", required=True)
    p.add_argument("--baseline", help="another FloatApp build to run in every round too")
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--sources", default="file,hls,rtmp")
    p.add_argument("--no-mpv", action="store_true", help="leave mpv out")
    p.add_argument("--only", help="run only the players whose names match this regular expression")
    p.add_argument("--seed", type=int, default=int(time.time()), help="seed of the delays that spread live starts over the GOP")
    args = p.parse_args()
    args.command = ["bench/run.sh", "coldstart"] + sys.argv[1:]
    args.command = [a for a in args.command if not a.startswith("--floatapp") and a != args.floatapp]
    need("Xvfb", "openbox", "ffmpeg", "ffplay", "xdotool", "xprop", args.floatapp)
    if not args.no_mpv:
        need("mpv")
    make_media()
    rng = random.Random(args.seed)
    print("seed %d (--seed)" % args.seed, flush=True)
    sources = args.sources.split(",")
    started = time.time()
    load = "%.1f" % os.getloadavg()[0]
    with Desktop("coldstart") as desk:
        server = LiveServer(spawn=desk.spawn, env=desk.env())
        if "hls" in sources or "rtmp" in sources:
            Publisher(desk, server)
        urls = {"file": MEDIA, "hls": server.hls_url(STREAM), "rtmp": server.rtmp_url(STREAM)}
        screen = Screen(desk.display)
        home = os.path.join(desk.tmp, "home")
        os.makedirs(home, exist_ok=True)
        players = {s: [c for c in contestants(args, urls[s], home) if not args.only or re.search(args.only, c.name)]
                   for s in sources}
        names = [c.name for c in players[sources[0]]]
        results = {s: {n: [] for n in names} for s in sources}
        timelines = {s: [] for s in sources}
        for round_ in range(args.rounds + 1):
            for source in sources:
                order = players[source][round_ % len(names):] + players[source][:round_ % len(names)]
                for c in order:
                    if source != "file":
                        # A live start waits for the server's next key frame: a random point of
                        # the 1 s GOP for every run, or a round lasting a whole number of seconds
                        # puts each player at the same point every time.
                        time.sleep(rng.uniform(0, 1))
                    seconds, timeline = run_once(desk, screen, c, desk.tmp)
                    if round_ == 0:
                        continue
                    results[source][c.name].append(seconds)
                    if c.name == "FloatApp":
                        timelines[source].append(timeline)
                    print("round %d %s %-20s %s" % (round_, source, c.name, "-" if seconds is None else "%.3f" % seconds),
                          flush=True)
        screen.close()
    text, readme = report(results, timelines, sources, names, args, started, load)
    print()
    print(text)
    with open(os.path.join(OUT, "coldstart.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(OUT, "coldstart-readme.md"), "w") as f:
        f.write(readme)
    with open(os.path.join(OUT, "coldstart.json"), "w") as f:
        json.dump({"results": results, "timelines": timelines, "load": load, "started": started}, f, indent=1)


if __name__ == "__main__":
    main()
