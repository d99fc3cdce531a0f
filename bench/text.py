#!/usr/bin/env python3
"""Text benchmark: FloatApp's room list of 1,001 rooms titled in a dozen scripts, painted by
the text layer (Pango + cairo through TextLayout) and by the SDL_ttf code it replaced, side by
side on one private Xvfb, the engines taking turns each round.

Each run is a fresh process (bench/TextBench, built in release): the first paint is the time
from creating the text engine (fonts opened, fontconfig loaded) to the first list frame
presented; then the list scrolls to its end one wheel step (48 px at 1x) per frame, and
every frame's paint-and-present time is kept. SDL's software renderer, as FloatApp uses.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
ENGINES = [("ttf", "SDL_ttf, one font (before)"), ("pango", "TextLayout: Pango + cairo")]
FRAME_BUDGET_MS = 1000 / 60


def worker():
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()
    binary = os.path.join(path, "TextBench")
    if not os.path.exists(binary):
        sys.exit("bench: build it first: swift build -c release --product TextBench")
    return binary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="scrolling runs per engine and scale")
    parser.add_argument("--first-paint-rounds", type=int, default=15, help="first-paint-only runs per engine and scale")
    parser.add_argument("--rooms", type=int, default=1001)
    parser.add_argument("--scales", default="1,2")
    parser.add_argument("--floatapp", help="ignored (bench/run.sh passes it to every benchmark)")
    args = parser.parse_args()
    binary = worker()
    scales = [float(s) for s in args.scales.split(",")]
    runs, firsts = [], []
    with Desktop("text") as desk:
        def run(engine, scale, frames=None):
            cmd = [binary, "--engine", engine, "--rooms", str(args.rooms), "--scale", str(scale)]
            if frames is not None:
                cmd += ["--frames", str(frames)]
            out = desk.run(cmd, timeout=600)
            return json.loads(out.stdout.strip().splitlines()[-1])

        for r in range(args.first_paint_rounds):
            for scale in scales:
                for engine, _ in (ENGINES if r % 2 == 0 else ENGINES[::-1]):
                    firsts.append(run(engine, scale, frames=0))
        for r in range(args.rounds):
            order = ENGINES if r % 2 == 0 else ENGINES[::-1]
            for scale in scales:
                for engine, _ in order:
                    result = run(engine, scale)
                    runs.append(result)
                    print("round %d %-5s %.2gx: text per frame median %.2f p95 %.2f ms, "
                          "frame median %.2f p95 %.2f ms, %d over %.1f ms, %d boxes"
                          % (r + 1, engine, scale, result["text_ms_median"], result["text_ms_p95"],
                             result["frame_ms_median"], result["frame_ms_p95"],
                             result["frames_over_16_7_ms"], FRAME_BUDGET_MS, result["boxes"]), flush=True)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "text.json"), "w") as f:
        json.dump({"first_paint": firsts, "scroll": runs}, f, indent=1)
    lines = ["| engine | scale | start to first list frame ms | window ready to first frame ms | CPU to first frame ms | scroll: text ms per frame, median | p95 | whole frame ms, median | p95 "
             "| frames over 16.7 ms | characters as boxes |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    medians = {}
    for scale in scales:
        for engine, label in ENGINES:
            mine = [x for x in runs if x["engine"] == engine and x["scale"] == scale]
            first = [x for x in firsts if x["engine"] == engine and x["scale"] == scale]
            m = {k: statistics.median(x[k] for x in mine)
                 for k in ("text_ms_median", "text_ms_p95", "frame_ms_median", "frame_ms_p95", "frames_over_16_7_ms", "boxes")}
            m.update({k: statistics.median(x[k] for x in first)
                      for k in ("start_to_first_paint_ms", "first_paint_ms", "first_paint_cpu_ms")})
            medians[(engine, scale)] = m
            lines.append("| %s | %gx | %.1f | %.1f | %.1f | %.2f | %.2f | %.2f | %.2f | %d of %d | %d |" % (
                label, scale, m["start_to_first_paint_ms"], m["first_paint_ms"], m["first_paint_cpu_ms"], m["text_ms_median"], m["text_ms_p95"], m["frame_ms_median"], m["frame_ms_p95"],
                m["frames_over_16_7_ms"], mine[0]["frames"], m["boxes"]))
    lines += ["", "| scale | start to first list frame, Pango / SDL_ttf | CPU to first frame, Pango / SDL_ttf | text per scroll frame (median), Pango / SDL_ttf "
              "| whole scroll frame (median), Pango / SDL_ttf |", "|---:|---:|---:|---:|---:|"]
    for scale in scales:
        new, old = medians[("pango", scale)], medians[("ttf", scale)]
        lines.append("| %gx | %.2fx | %.2fx | %.2fx | %.2fx |" % (
            scale, new["start_to_first_paint_ms"] / old["start_to_first_paint_ms"], new["first_paint_cpu_ms"] / old["first_paint_cpu_ms"],
            new["text_ms_median"] / old["text_ms_median"],
            new["frame_ms_median"] / old["frame_ms_median"]))
    table = "\n".join(lines)
    header = "Medians of %d first-paint runs and %d scrolling runs per engine and scale, %d rooms; load average %.1f at the end" % (
        args.first_paint_rounds, args.rounds, args.rooms, os.getloadavg()[0])
    with open(os.path.join(OUT, "text.md"), "w") as f:
        f.write(header + "\n\n" + table + "\n")
    print()
    print(header)
    print(table)


if __name__ == "__main__":
    main()
