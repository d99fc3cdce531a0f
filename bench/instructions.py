#!/usr/bin/env python3
"""Instruction counts per picture of FloatApp builds playing the same short 1080p30 clip in
a 320x180 float, under `valgrind --tool=callgrind`: counts do not depend on the machine's
load, so two builds compare exactly even on busy shared cores. Not part of `make bench`.

Each binary plays the clip once (on one private Xvfb + openbox desktop, one after the other).
Under valgrind the app runs far slower than real time, so most pictures arrive late and are
dropped before conversion; whole-process totals therefore do not compare, and the table gives
instructions per picture instead: the conversion step (`Connection.present`, which holds the
inlined `Scaler.convert`, and swscale within it) per converted picture, and FFmpeg's decoding
(`avcodec_send_packet`) per decoded picture, with FloatApp's own counters.
"""

import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need  # noqa: E402
from playback import FLOAT_W, FPS, OUT, ROOT, cached_media  # noqa: E402

# (column, test on (source file, object) of a callgrind entry, counter the count is divided by).
# Self counts, so nothing is counted twice however the compiler inlined the Swift code.
CONVERSION_FILES = ("Scaler.swift", "RowAveragedPicture.swift")
PARTS = [("conversion per converted picture (M)",
          lambda src, fn, obj: os.path.basename(src) in CONVERSION_FILES or "RowAveragedPicture" in fn
          or "libswscale" in obj, "converted"),
         ("of which swscale (M)", lambda src, fn, obj: "libswscale" in obj, "converted"),
         ("libavcodec per decoded picture (M)", lambda src, fn, obj: "libavcodec" in obj, "decoded")]


def clip(seconds):
    """The playback benchmark's encoding, `seconds` long, cached in bench/out/."""
    return cached_media("instructions-1080p30-%ds.mp4" % seconds, [
        "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=%d:duration=%d" % (FPS, seconds),
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=%d" % seconds,
        "-c:v", "libx264", "-preset", "medium", "-profile:v", "high", "-pix_fmt", "yuv420p",
        "-g", "60", "-b:v", "8M", "-maxrate", "10M", "-bufsize", "16M",
        "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-shortest", "-movflags", "+faststart"])


def counts(out_file):
    """Total instructions and each part's self count from a callgrind output file."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", out_file],
                          capture_output=True, text=True, check=True).stdout
    total = int(re.search(r"^([\d,]+) .*PROGRAM TOTALS", text, re.M).group(1).replace(",", ""))
    parts = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(.*?):(\S+)(?: \[(.*)\])?$", line)
        if not m:
            continue
        for name, test, _ in PARTS:
            if test(m.group(2), m.group(3), m.group(4) or ""):
                parts[name] = parts.get(name, 0) + int(m.group(1).replace(",", ""))
    return total, parts


def play(desk, binary, media, tag):
    """Runs `binary` under callgrind; returns (callgrind file, FloatApp's counters)."""
    state = os.path.join(desk.tmp, "state-" + tag)
    os.makedirs(os.path.join(state, "floatapp"))
    with open(os.path.join(state, "floatapp", "state.json"), "w") as f:
        json.dump({"version": 1, "placement": {"corner": "bottom_right", "width_fraction": FLOAT_W / 1920}}, f)
    rooms = os.path.join(desk.tmp, "rooms.json")
    with open(rooms, "w") as f:
        json.dump({"rooms": [{"id": "clip", "title": "Clip", "kind": "live", "source": media}]}, f)
    stats = os.path.join(OUT, "instructions-%s-stats.jsonl" % tag)
    out_file = os.path.join(OUT, "instructions-%s.callgrind" % tag)
    env = desk.env(SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=state, XDG_CONFIG_HOME=os.path.join(desk.tmp, "config"))
    proc = desk.spawn(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_file, binary, "--rooms", rooms,
                       "--open", "clip", "--float", "--exit-on-end", "--stats", stats],
                      env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proc.wait(timeout=1800)
    desk.forget(proc)
    counters = {}
    with open(stats) as f:
        for line in f:
            event = json.loads(line)
            if event.get("ev") == "counters":
                counters = event
    return out_file, counters


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binaries", nargs="+", metavar="LABEL=PATH", help="FloatApp release builds to compare")
    ap.add_argument("--seconds", type=int, default=4)
    args = ap.parse_args()
    need("Xvfb", "openbox", "valgrind", "callgrind_annotate")
    media = clip(args.seconds)
    rows = []
    with Desktop("instructions") as desk:
        for item in args.binaries:
            label, _, path = item.partition("=")
            out_file, counters = play(desk, path, media, label)
            rows.append((label, counts(out_file), counters))
    lines = ["| build | instructions (G) | %s | decoded | converted | presented | dropped |" % " | ".join(p[0] for p in PARTS),
             "|---|---:|%s---:|---:|---:|---:|" % ("---:|" * len(PARTS))]
    for label, (total, parts), c in rows:
        lines.append("| %s | %.3f | %s | %s | %s | %s | %s |" % (
            label, total / 1e9, " | ".join("%.2f" % (parts.get(n, 0) / 1e6 / max(c.get(k) or 1, 1)) for n, _, k in PARTS),
            c.get("decoded"), c.get("converted"), c.get("presented"), c.get("dropped")))
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(OUT, "instructions.md"), "w") as f:
        f.write(table + "\n")


if __name__ == "__main__":
    main()
