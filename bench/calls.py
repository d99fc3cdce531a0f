#!/usr/bin/env python3
"""Calls benchmark: the CPU of a call of H.264 640x360 participants, each a live RTMP stream
of its own, in the full tile view and in the float (320x180 and the default size), side by side
with ONE ffmpeg process decoding every participant with the tiles' settings, in rounds with
the order rotated. See bench/README.md."""

import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need  # noqa: E402
from livesource import PROTOCOLS, LiveSource, run_until_sources_end  # noqa: E402
from playback import PictureClock, cached_media, floatapp_env  # noqa: E402
from verdicts import Verdicts, header, load_text, stats_for, write_readme_block  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
PLOT = os.path.join(ROOT, "docs", "calls-cpu.png")
DURATION = 15



def same_settings(n):
    """FloatApp's tiles decode on one thread (Decoder.threadCount) and skip the loop filter when
    their picture is at most half the source's width and height (Connection+Video.swift): in
    the default main window, from 9 participants on (3x3 tiles of about 300x170; 4 tiles are
    415x231). The report's FloatApp table shows the tile sizes and the pictures skipped."""
    return ["-threads", "1"] + (["-skip_loop_filter", "all"] if n >= 9 else [])
GRACE = 1.0


def media_file():
    """A 15 s 640x360 30 fps H.264 (a key frame a second, as a call's sender makes) + AAC
    MPEG-TS, made once and cached in bench/out/."""
    return cached_media("call-640x360-15s.ts", [
        "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=%d" % DURATION,
        "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000:duration=%d" % DURATION,
        "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "30", "-b:v", "1M",
        "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-ac", "1", "-f", "mpegts"])


class Contestant:
    """One contestant at one participant count: FloatApp in a view, or one ffmpeg process."""

    def __init__(self, key, label, kind, view=None, live=True):
        self.key, self.label, self.kind, self.view, self.live = key, label, kind, view, live


def contestants(n, floats):
    out = [Contestant("floatapp-full-%d" % n, "FloatApp, %d in the full tile view" % n, "floatapp", "full")]
    out += [Contestant("floatapp-float%s-%d" % (f, n), "FloatApp, %d, float %s" % (n, f), "floatapp", f) for f in floats]
    out += [Contestant("ffmpeg-one-%d" % n, "one ffmpeg, %d live inputs, %s" % (n, " ".join(same_settings(n))), "ffmpeg-all"),
            Contestant("ffmpeg-one-file-%d" % n, "one ffmpeg, %d files (unpaced), %s" % (n, " ".join(same_settings(n))),
                       "ffmpeg-all", live=False)]
    if n > 1:
        out.append(Contestant("ffmpeg-floatfloor-%d" % n, "one ffmpeg, %d live inputs: 1 whole + %d sound only (the "
                              "float's floor)" % (n, n - 1), "ffmpeg-float"))
    return out


def floatapp_args(c, urls, run_dir, floatapp):
    rooms = os.path.join(run_dir, "rooms.json")
    participants = [{"name": "P%d" % i, "source": u} for i, u in enumerate(urls)]
    with open(rooms, "w") as f:
        json.dump({"rooms": [{"id": "call", "title": "Call", "kind": "call", "participants": participants}]}, f)
    stats = os.path.join(run_dir, "stats.jsonl")
    args = [floatapp, "--rooms", rooms, "--open", "call", "--stats", stats] + (["--float"] if c.view != "full" else [])
    return args, floatapp_env(run_dir, c.view), stats


def ffmpeg_args(c, urls):
    """One process: every input with the tiles' settings; the float's floor maps the first
    input's video and every input's sound, the others every video and sound."""
    args = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin"]
    for u in urls:
        # The tool opens its inputs one after another, and probing a live MPEG-TS stream reads
        # up to 5 s of it in real time: 16 inputs would start over a minute apart. FloatApp
        # opens its participants side by side.
        probe = ["-analyzeduration", "100000"] if c.live else []
        args += same_settings(len(urls)) + probe + ["-i", u]
    for i in range(len(urls)):
        if c.kind == "ffmpeg-all" or i == 0:
            args += ["-map", "%d:v" % i]
        args += ["-map", "%d:a" % i]
    return args + ["-f", "null", "-"]


def run_one(desk, c, n, media, floatapp, round_):
    run_dir = os.path.join(desk.tmp, "%s-%d" % (c.key, round_))
    os.makedirs(run_dir)
    log = open(os.path.join(run_dir, "stderr.txt"), "w")
    sources = [LiveSource(desk, media, log) for _ in range(n)] if c.live else []
    for s in sources:
        s.wait_ready()
    urls = [s.url for s in sources] or [media] * n
    args, env, stats = floatapp_args(c, urls, run_dir, floatapp) if c.kind == "floatapp" else (ffmpeg_args(c, urls), {}, None)
    start = time.monotonic()
    proc = desk.spawn(args, env=desk.env(**env), stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    status, usage, stopped, after = run_until_sources_end(proc, sources, GRACE, DURATION * 4 + 30,
                                                          progress=PictureClock(stats) if stats else None)
    wall = time.monotonic() - start
    desk.forget(proc)
    for s in sources:
        s.close()
    log.close()
    r = dict(player=c.key, round=round_, count=n, status=status, stopped=stopped, after_end=after, wall=wall,
             cpu=usage.ru_utime + usage.ru_stime, rss_mb=usage.ru_maxrss / 1024)
    if stats:
        r.update(read_stats(stats))
    r["complete"] = status == 0 or stopped.startswith("SIGINT")
    return r


def read_stats(path):
    """What the stats say: demands set, every source's final totals, source opens."""
    demands, finals, opens = {}, {}, 0
    with open(path) as f:
        for line in f:
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if e.get("ev") == "demand":
                demands[e["source"]] = (e["demand"], e.get("w"), e.get("h"))
            elif e.get("ev") == "counters":
                finals[e["source"]] = e
            elif e.get("ev") == "source_open":
                opens += 1
    kinds = {}
    for demand, _, _ in demands.values():
        kinds[demand] = kinds.get(demand, 0) + 1
    sizes = sorted({"%sx%s" % (w, h) for _, w, h in demands.values() if w})
    total = lambda k: sum(c.get(k, 0) for c in finals.values())  # noqa: E731
    return dict(demands=kinds, sizes=sizes, opens=opens, decoded=total("decoded"), queued=total("queued"),
                converted=total("converted"), presented=total("presented"), economy=total("economy"))


def plot(results, counts):
    """CPU against participant count (medians) into docs/calls-cpu.png."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from statistics import median
    fig, ax = plt.subplots(figsize=(6.4, 4))
    for prefix, label, style in [("floatapp-full-", "FloatApp, full tile view", "o-"),
                                 ("floatapp-float320x180-", "FloatApp, float 320x180", "s-"),
                                 ("ffmpeg-one-", "one ffmpeg process, all inputs, same settings", "^--")]:
        rows = [(n, median(r["cpu"] for r in results if r["player"] == prefix + str(n))) for n in counts]
        ax.plot([n for n, _ in rows], [v for _, v in rows], style, label=label)
    ax.set_xlabel("participants (H.264 640x360 30 fps, a live stream each)")
    ax.set_ylabel("CPU seconds (user+sys) for %d s of call" % DURATION)
    ax.set_xticks(counts)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    tmp = PLOT + ".part.png"
    fig.savefig(tmp, dpi=100)
    os.replace(tmp, PLOT)


def report(results, counts, floats, rounds, started, load_start, argv):
    lines = [header("Calls", started, argv, load_start), "",
             "Each participant a 15 s 640x360 30 fps H.264 + AAC stream served live (%s) by its own `ffmpeg -re "
             "-listen 1`; %d rounds, contestants in an order rotated each round; FloatApp stopped by SIGINT once the last stream "
             "ended and its stats log stood still %.1f s (counted)." % (LiveSource.protocol.upper(), rounds, GRACE), ""]
    every = [c for n in counts for c in contestants(n, floats)]
    lines += stats_for(results, every) + ["", "Verdicts (ratio of this run's medians; per-round min-max):", ""]
    v = Verdicts(results)
    for n in counts:
        v.line("%d: full view CPU vs one ffmpeg, same settings, live inputs" % n, "floatapp-full-%d" % n,
               "ffmpeg-one-%d" % n, "cpu", 1.2 if n == 16 else None)
        v.line("%d: full view CPU vs one ffmpeg, same settings, files" % n, "floatapp-full-%d" % n,
               "ffmpeg-one-file-%d" % n, "cpu", None)
        for f in floats:
            v.line("%d: float %s / full view, CPU" % (n, f), "floatapp-float%s-%d" % (f, n), "floatapp-full-%d" % n,
                   "cpu", 0.25 if n == 16 else None, every_round=True)
            v.line("%d: float %s CPU vs its floor (one ffmpeg, 1 whole + sound)" % (n, f), "floatapp-float%s-%d" % (f, n),
                   "ffmpeg-floatfloor-%d" % n, "cpu", None)
    write_readme_block(OUT, "Calls", started, argv, load_start,
                       "Each participant a live 640x360 30 fps %s stream of 15 s; medians of %d rounds, per-round "
                       "ratios' min-max in brackets." % (LiveSource.protocol.upper(), rounds), v.readme)
    lines += v.lines + ["", "| FloatApp run | CPU s | RSS MB | tile sizes | demands | queued / converted / presented / "
                        "loop filter skipped | opens | stopped |", "|---|---:|---:|---|---|---|---:|---|"]
    for r in results:
        if r["player"].startswith("floatapp"):
            lines.append("| %s #%d | %.2f | %.0f | %s | %s | %d / %d / %d / %d | %d | %s, exit +%.1f s |" % (
                r["player"], r["round"] + 1, r["cpu"], r["rss_mb"], " ".join(r["sizes"]),
                ", ".join("%d %s" % (k, d) for d, k in sorted(r["demands"].items())), r["queued"], r["converted"],
                r["presented"], r["economy"], r["opens"], r["stopped"], r["after_end"] or 0))
    lines += ["", "Not complete: %s." % (", ".join("%s #%d (status %d)" % (r["player"], r["round"] + 1, r["status"])
                                                  for r in results if not r["complete"]) or "none"),
              "Load average at end: %s" % load_text()]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--floatapp", required=True)
    parser.add_argument("--counts", default="16", help="participant counts, e.g. 1,4,9,16 (several: also the plot)")
    parser.add_argument("--floats", default="320x180,480x270", help="float sizes (480x270: the default on 1920 px)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--live", choices=sorted(PROTOCOLS), default="http",
                        help="the live sources' protocol (bench/livesource.py)")
    args = parser.parse_args()
    need("Xvfb", "openbox", "ffmpeg", "xprop")
    counts, floats = [int(c) for c in args.counts.split(",")], args.floats.split(",")
    LiveSource.protocol = args.live
    media = media_file()
    started, load_start = time.gmtime(), load_text()
    results = []
    with Desktop("calls") as desk:
        for n in counts:
            todo = contestants(n, floats)
            for round_ in range(args.rounds):
                shift = round_ % len(todo)
                for c in todo[shift:] + todo[:shift]:
                    r = run_one(desk, c, n, media, args.floatapp, round_)
                    results.append(r)
                    print("%d: round %d %-28s cpu %6.2f s, rss %4.0f MB, wall %5.1f s%s" % (
                        n, round_ + 1, c.key, r["cpu"], r["rss_mb"], r["wall"],
                        ", presented %d" % r["presented"] if "presented" in r else ""), flush=True)
    os.makedirs(OUT, exist_ok=True)
    text = report(results, counts, floats, args.rounds, started, load_start, sys.argv[1:])
    print()
    print(text)
    with open(os.path.join(OUT, "calls.json"), "w") as f:
        json.dump(results, f, indent=1)
    with open(os.path.join(OUT, "calls.md"), "w") as f:
        f.write(text + "\n")
    if len(counts) > 1:
        plot(results, counts)


if __name__ == "__main__":
    main()
