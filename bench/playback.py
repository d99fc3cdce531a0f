#!/usr/bin/env python3
"""Playback benchmark: CPU time and peak memory of FloatApp playing a live 1080p30 stream in
the float (320x180 and the default size) and in the full view of the default main window, side
by side with ffplay and mpv at the same sizes on their default renderers and on FloatApp's
(software) one, and FFmpeg's decode-only floors with the defaults and with FloatApp's settings.

Each round runs every contestant once, in an order rotated from round to round, on a private
Xvfb + openbox desktop. CPU is user+sys and peak RSS is ru_maxrss, both from wait4() on the
player process. See bench/README.md.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need, wait_until  # noqa: E402
from livesource import PROTOCOLS, LiveSource, run_until_sources_end  # noqa: E402
from verdicts import Verdicts, header, load_text, stats_for, write_readme_block  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
DURATION = 20
FPS = 30
SCREEN_W = 1920
# The smallest float measured (bench/instructions.py and bench/profile.py use it too).
FLOAT_W, FLOAT_H = 320, 180
# FloatApp's decode settings for a 1080p30 source (Sources/FFmpeg/Decoder.swift threadCount:
# one thread up to 1920x1088 at 30 fps; Sources/Playback/Engine/Connection+Video.swift
# loopFilter: skipped while the output is at most half the source's width and height, as in
# the float and in the default main window's full view; the sound decoder has one thread).
SAME_SETTINGS = ["-threads", "1", "-skip_loop_filter", "all"]
# A player that does not exit when its live source ends gets SIGINT once the source ended and
# its picture stood still this long (FloatApp: no picture in its stats log).
GRACE = 1.0


def cached_media(name, ffmpeg_args):
    """bench/out/`name`, made once by the ffmpeg tool with `ffmpeg_args` (inputs and output
    options; the output file is appended) and kept for later runs."""
    path = os.path.join(OUT, name)
    if os.path.exists(path):
        return path
    os.makedirs(OUT, exist_ok=True)
    tmp = path + ".part" + os.path.splitext(name)[1]
    print("bench: generating %s ..." % os.path.relpath(path, ROOT), flush=True)
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"] + ffmpeg_args + [tmp], check=True)
    os.replace(tmp, path)
    return path


def media_file():
    """The 20 s 1080p30 H.264 + AAC test file, made once and cached in bench/out/."""
    return cached_media("playback-1080p30-20s.mp4", [
        "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=%d:duration=%d" % (FPS, DURATION),
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=%d" % DURATION,
        "-c:v", "libx264", "-preset", "medium", "-profile:v", "high", "-pix_fmt", "yuv420p",
        "-g", "60", "-b:v", "8M", "-maxrate", "10M", "-bufsize", "16M",
        "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-shortest", "-movflags", "+faststart"])


def wait_rusage(proc, timeout):
    """Reaps `proc` and returns (exit status, rusage); kills it after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid == proc.pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return proc.returncode, usage
        if time.monotonic() > deadline:
            proc.kill()
        time.sleep(0.01)


def measured(desk, args, env, log, timeout):
    """Runs `args` on `desk` with its output in the open file `log` (closed after) until it
    exits; returns (exit status, rusage, wall seconds)."""
    start = time.monotonic()
    proc = desk.spawn(args, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    status, usage = wait_rusage(proc, timeout=timeout)
    wall = time.monotonic() - start
    desk.forget(proc)
    log.close()
    return status, usage, wall


class Player:
    """One contestant: a key, a table label, its program, the view ("320x180", "480x270" or
    "full"), its renderer ("default" or "software") and, for the ffmpeg tool, its decode
    arguments and whether it reads the live stream or the file."""

    def __init__(self, key, label, kind, view=None, renderer="default", decode=(), live=True, binary=None):
        self.key, self.label, self.kind, self.view = key, label, kind, view
        self.renderer, self.decode, self.live, self.binary = renderer, list(decode), live, binary


def players(floats, baseline=None, gl=False):
    """Every contestant: per float size FloatApp, ffplay and mpv on both renderers; the full
    view and ffplay at its size on both; the floors; with `baseline`, that FloatApp build in
    every view too; with `gl`, FloatApp with `--renderer gl` in every view too."""
    out = []
    for view in floats + ["full"]:
        where = "float %s" % view if view != "full" else "full view, default main window"
        out.append(Player("floatapp-%s" % view, "FloatApp, %s" % where, "floatapp", view))
        if gl:
            out.append(Player("floatapp-%s-gl" % view, "FloatApp, %s, --renderer gl" % where, "floatapp", view, "gl"))
        if baseline:
            out.append(Player("baseline-%s" % view, "FloatApp baseline build, %s" % where, "floatapp", view,
                              binary=baseline))
        out.append(Player("ffplay-%s" % view, "ffplay, %s size, default renderer (OpenGL)" % view, "ffplay", view))
        out.append(Player("ffplay-%s-sw" % view, "ffplay, %s size, SDL_RENDER_DRIVER=software" % view, "ffplay", view,
                          "software"))
        if view != "full":
            out.append(Player("mpv-%s" % view, "mpv, %s, default --vo=gpu" % view, "mpv", view))
            out.append(Player("mpv-%s-x11" % view, "mpv, %s, --vo=x11 (software)" % view, "mpv", view, "software"))
    out += [
        Player("floor-default", "ffmpeg -f null, the file, default settings", "ffmpeg", live=False),
        Player("floor-same", "ffmpeg -f null, the file, %s" % " ".join(SAME_SETTINGS), "ffmpeg", decode=SAME_SETTINGS,
               live=False),
        Player("floor-same-live", "ffmpeg -f null, the live stream, %s" % " ".join(SAME_SETTINGS), "ffmpeg",
               decode=SAME_SETTINGS),
    ]
    return out


def size_of(view, full_box):
    if view == "full":
        return full_box
    w, h = view.split("x")
    return int(w), int(h)


def floatapp_args(player, url, run_dir, floatapp):
    """FloatApp's command and environment additions: a live room of `url`, opened into the
    float or the full view. The float's width fraction is written only for a size other than
    the default (a quarter of the screen's width)."""
    rooms = os.path.join(run_dir, "rooms.json")
    with open(rooms, "w") as f:
        json.dump({"rooms": [{"id": "clip", "title": "Benchmark clip", "kind": "live", "source": url}]}, f)
    stats = os.path.join(run_dir, "stats.jsonl")
    args = [player.binary or floatapp, "--rooms", rooms, "--open", "clip", "--stats", stats]
    if player.view != "full":
        args.append("--float")
    if player.renderer == "gl":
        args += ["--renderer", "gl"]
    return args, floatapp_env(run_dir, player.view), stats


def floatapp_env(run_dir, view):
    """FloatApp's environment additions: no sound device, and private config and state folders
    under `run_dir`, whose state names the float's width for a `view` other than the full view
    and the default float (a quarter of the screen's width)."""
    state_home = os.path.join(run_dir, "state")
    os.makedirs(os.path.join(state_home, "floatapp"))
    if view not in ("full", "480x270"):
        with open(os.path.join(state_home, "floatapp", "state.json"), "w") as f:
            json.dump({"version": 1, "placement": {"corner": "bottom_right",
                                                   "width_fraction": int(view.split("x")[0]) / SCREEN_W}}, f)
    return dict(SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=state_home, XDG_CONFIG_HOME=os.path.join(run_dir, "config"))


def command(player, url, run_dir, floatapp, full_box):
    """(args, environment additions, stats log or None) of one contestant's run."""
    if player.kind == "floatapp":
        return floatapp_args(player, url, run_dir, floatapp)
    if player.kind == "ffplay":
        w, h = size_of(player.view, full_box)
        extra = dict(SDL_AUDIODRIVER="dummy")
        if player.renderer == "software":
            extra["SDL_RENDER_DRIVER"] = "software"
        args = ["ffplay", "-hide_banner", "-loglevel", "error", "-alwaysontop", "-x", str(w), "-y", str(h), "-autoexit"]
        return args + (["-noborder"] if player.view != "full" else []) + [url], extra, None
    if player.kind == "mpv":
        w, h = size_of(player.view, full_box)
        vo = ["--vo=x11"] if player.renderer == "software" else []
        return (["mpv", "--no-config", "--really-quiet", "--ao=null", "--ontop", "--no-border",
                 "--geometry=%dx%d" % (w, h)] + vo + [url], {}, None)
    return (["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", *player.decode, "-i", url, "-f", "null", "-"],
            {}, None)


def run_one(desk, player, media, floatapp, workdir, index, full_box):
    """Runs one contestant once on its own live source (or the file, for a file floor);
    returns a result dict."""
    run_dir = os.path.join(workdir, "%s-%d" % (player.key, index))
    os.makedirs(run_dir)
    log = open(os.path.join(run_dir, "stderr.txt"), "w")
    source = LiveSource(desk, media, log).wait_ready() if player.live else None
    args, extra, stats = command(player, source.url if source else media, run_dir, floatapp, full_box)
    start = time.monotonic()
    proc = desk.spawn(args, env=desk.env(**extra), stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    status, usage, stopped, after = run_until_sources_end(proc, [source] if source else [], GRACE, DURATION * 3 + 30,
                                                          progress=PictureClock(stats) if stats else None)
    wall = time.monotonic() - start
    desk.forget(proc)
    if source:
        source.close()
    log.close()
    result = dict(player=player.key, round=index, status=status, wall=wall, stopped=stopped, after_end=after,
                  cpu=usage.ru_utime + usage.ru_stime, rss_mb=usage.ru_maxrss / 1024)
    if stats:
        result.update(read_floatapp_stats(stats, "main" if player.view == "full" else "float"))
    result["complete"] = complete(player, result)
    return result


class PictureClock:
    """The wall time of the last picture FloatApp logged (a `frame` or `tile_frame` line of its
    stats log, read as it grows); None before the first."""

    def __init__(self, path):
        self.path, self.offset, self.partial, self.last = path, 0, b"", None

    def __call__(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                chunk = f.read()
        except FileNotFoundError:
            return None
        self.offset += len(chunk)
        lines = (self.partial + chunk).split(b"\n")
        self.partial = lines.pop()
        if any(b'"ev":"frame"' in line or b'"ev":"tile_frame"' in line for line in lines):
            self.last = time.time()
        return self.last


def read_floatapp_stats(path, window):
    """Frame count, pts range, the window's size and the playback counters of one FloatApp run."""
    frames, pts, counters, opens, size = 0, [], {}, 0, None
    with open(path) as f:
        for line in f:
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if e["ev"] == "frame" and e.get("window") == window:
                frames += 1
                pts.append(e["pts"])
            elif e["ev"] == "counters":
                counters = e
            elif e["ev"] == "source_open":
                opens += 1
            elif e["ev"] == "float_shown" and window == "float":
                size = "%dx%d" % (e["w"], e["h"])
            elif e["ev"] == "demand" and window == "main" and e.get("w"):
                size = "%dx%d box" % (e["w"], e["h"])
    return dict(frames=frames, first_pts=min(pts) if pts else None, last_pts=max(pts) if pts else None,
                size=size, decoded=counters.get("decoded"), presented=counters.get("presented"),
                dropped=counters.get("dropped"), economy=counters.get("economy"), opens=opens)


def complete(player, r):
    """Whether the run played the whole stream (the live source loses its last 0.4 s): for
    FloatApp, 95% of it decoded and pictures shown from its start to its last 1.5 s (pictures
    decoded late are dropped, and counted, under load; MPEG-TS starts its clock at 1.4 s)."""
    if r["status"] != 0 and not r["stopped"].startswith("SIGINT"):
        return False
    if player.kind == "floatapp":
        span = (r["last_pts"] or 0) - (r["first_pts"] or 0)
        return (r["decoded"] or 0) >= 0.95 * (DURATION - 0.5) * FPS and span >= DURATION - 1.5
    if player.kind == "ffmpeg":
        return r["status"] == 0
    return r["wall"] >= DURATION - 1


def full_view_box(desk, media, floatapp, workdir):
    """The box FloatApp's full view converts a 1080p stream to in the default main window,
    read from its stats log's `demand` event; ffplay plays the full view's contest at it."""
    run_dir = os.path.join(workdir, "probe")
    os.makedirs(run_dir)
    log = open(os.path.join(run_dir, "stderr.txt"), "w")
    source = LiveSource(desk, media, log).wait_ready()
    args, extra, stats = floatapp_args(Player("probe", "", "floatapp", "full"), source.url, run_dir, floatapp)
    proc = desk.spawn(args, env=desk.env(**extra), stdin=subprocess.DEVNULL, stdout=log, stderr=log)

    def box():
        if not os.path.exists(stats):
            return None
        with open(stats) as f:
            for line in f:
                e = json.loads(line) if line.endswith("\n") else {}
                if e.get("ev") == "demand" and e.get("demand") == "full" and e.get("w"):
                    return e["w"], e["h"]
        return None
    try:
        return wait_until(box, 30, "the full view's demand in the stats log", interval=0.1)
    finally:
        desk.stop(proc)
        desk.forget(proc)
        source.close()
        log.close()


def verdicts(results, floats):
    """The verdict lines against the goals, each from this run's medians with the per-round spread."""
    v = Verdicts(results)
    for view in floats:
        fa = "floatapp-%s" % view
        # Every contestant gets the same input: the floor reading the same live stream with
        # FloatApp's settings is the fair one; the file's floor (no live pacing) is kept beside it.
        v.line("Float %s, live: CPU vs the same-settings floor (the live stream)" % view, fa, "floor-same-live", "cpu", 1.10)
        v.line("Float %s, live: CPU vs the same-settings floor (file)" % view, fa, "floor-same", "cpu", 1.10)
        v.line("Float %s, live: CPU vs the default floor (file)" % view, fa, "floor-default", "cpu", None)
        for peer, name in (("ffplay-%s" % view, "ffplay (default renderer)"), ("ffplay-%s-sw" % view, "ffplay (software)")):
            v.line("Float %s: CPU vs %s" % (view, name), fa, peer, "cpu", 0.55)
            v.line("Float %s: peak RSS vs %s" % (view, name), fa, peer, "rss_mb", 0.50)
        for peer, name in (("mpv-%s" % view, "mpv (--vo=gpu)"), ("mpv-%s-x11" % view, "mpv (--vo=x11)")):
            v.line("Float %s: CPU vs %s" % (view, name), fa, peer, "cpu", None)
        v.line("Float %s / full view, live: CPU" % view, fa, "floatapp-full", "cpu", None, every_round=True, readme=True)
        v.line("Float %s: CPU vs the baseline build" % view, fa, "baseline-%s" % view, "cpu", None)
        v.line("Float %s: CPU, --renderer gl vs software" % view, fa + "-gl", fa, "cpu", None)
        v.line("Float %s: peak RSS, --renderer gl vs software" % view, fa + "-gl", fa, "rss_mb", None)
    v.line("Full view 1080p: CPU vs ffplay at its size (software)", "floatapp-full", "ffplay-full-sw", "cpu", 0.80)
    v.line("Full view 1080p: CPU vs ffplay at its size (default renderer)", "floatapp-full", "ffplay-full", "cpu", None)
    v.line("Full view 1080p, live: CPU vs the same-settings floor (file)", "floatapp-full", "floor-same", "cpu", None)
    v.line("Full view 1080p: CPU vs the baseline build", "floatapp-full", "baseline-full", "cpu", None)
    v.line("Full view 1080p: CPU, --renderer gl vs software", "floatapp-full-gl", "floatapp-full", "cpu", None)
    v.line("Full view 1080p: peak RSS, --renderer gl vs software", "floatapp-full-gl", "floatapp-full", "rss_mb", None)
    return v


def report(results, contestants, rounds, media, started, load_start, full_box, argv):
    lines = [header("Playback", started, argv, load_start), "",
             "A 20 s 1080p30 H.264 (High, 8 Mb/s) + AAC stereo file (%s), served live (%s) by `ffmpeg -re "
             "-listen 1` to each player on its own; %d rounds, contestants in an order rotated each round. "
             "Players that do not exit at the stream's end get SIGINT once it ended and their picture stood still %.1f s (counted). The full view's "
             "box in the default main window: %dx%d." % (os.path.basename(media), LiveSource.protocol.upper(), rounds, GRACE, *full_box), ""]
    lines += stats_for(results, contestants)
    lines += ["", "Verdicts (ratio of this run's medians; in brackets the per-round ratios' min-max):", ""]
    v = verdicts(results, sorted({p.view for p in contestants if p.kind == "floatapp" and p.view != "full"}))
    lines += v.lines
    write_readme_block(OUT, "Playback", started, argv, load_start,
                       "A live 1080p30 %s stream of 20 s; FloatApp stopped by SIGINT after its end (counted); "
                       "medians of %d rounds, per-round ratios' min-max in brackets." % (LiveSource.protocol.upper(), rounds), v.readme)
    lines += ["", "FloatApp runs (float or main window frames from the stats log, the session's counters):", "",
              "| run | CPU s | RSS MB | window | frames | last pts | decoded | presented | dropped | loop filter "
              "skipped | opens | stopped |", "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in results:
        if r["player"].startswith(("floatapp", "baseline")):
            lines.append("| %s #%d | %.2f | %.0f | %s | %d | %.2f | %s | %s | %s | %s | %d | %s, exit +%.1f s |" % (
                r["player"], r["round"] + 1, r["cpu"], r["rss_mb"], r["size"], r["frames"], r["last_pts"] or 0,
                r["decoded"], r["presented"], r["dropped"], r["economy"], r["opens"], r["stopped"], r["after_end"] or 0))
    bad = [r for r in results if not r["complete"]]
    lines += [""] + ["INCOMPLETE: %s round %d status %s wall %.1f s" % (r["player"], r["round"] + 1, r["status"], r["wall"])
                     for r in bad]
    lines.append("Load average at end: %s" % load_text())
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--floats", default="320x180,480x270", help="float sizes (480x270: the default on 1920 px)")
    ap.add_argument("--floatapp", default=os.path.join(ROOT, ".build", "static", "release", "floatapp"))
    ap.add_argument("--live", choices=sorted(PROTOCOLS), default="http",
                    help="the live source's protocol (bench/livesource.py)")
    ap.add_argument("--only", help="comma-separated contestant keys (default: all)")
    ap.add_argument("--baseline", metavar="PATH", help="another FloatApp build to run in every view and round too")
    ap.add_argument("--gl", action="store_true", help="also run FloatApp with --renderer gl in every view")
    ap.add_argument("--json", default=os.path.join(OUT, "playback.json"), help="raw results file")
    args = ap.parse_args()
    need("Xvfb", "openbox", "xprop", "ffmpeg", "ffplay", "mpv", args.floatapp)
    floats = args.floats.split(",")
    LiveSource.protocol = args.live
    contestants = [p for p in players(floats, args.baseline, args.gl) if not args.only or p.key in args.only.split(",")]
    media = media_file()
    started, load_start = time.gmtime(), load_text()
    results = []
    with Desktop("playback") as desk:
        full_box = full_view_box(desk, media, args.floatapp, desk.tmp)
        for rnd in range(args.rounds):
            shift = rnd % len(contestants)
            for player in contestants[shift:] + contestants[:shift]:
                r = run_one(desk, player, media, args.floatapp, desk.tmp, rnd, full_box)
                results.append(r)
                print("round %d %-22s cpu %5.2f s  rss %4.0f MB  wall %5.1f s  %s%s" % (
                    rnd + 1, player.key, r["cpu"], r["rss_mb"], r["wall"], "ok" if r["complete"] else "INCOMPLETE",
                    "  frames %d" % r["frames"] if "frames" in r else ""), flush=True)
    with open(args.json, "w") as f:
        json.dump(dict(results=results, full_box=full_box), f, indent=1)
    text = report(results, contestants, args.rounds, media, started, load_start, full_box, sys.argv[1:])
    print()
    print(text)
    with open(os.path.join(OUT, "playback.md"), "w") as f:
        f.write(text + "\n")
    return 0 if all(r["complete"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
