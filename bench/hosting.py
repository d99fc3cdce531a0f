#!/usr/bin/env python3
"""Hosting cost: FloatApp's publisher vs the ffmpeg command line, going live at 720p30.

Both capture lavfi testsrc2 (1280x720, 30 fps) and a 440 Hz tone, encode H.264 (libx264
ultrafast, zerolatency, 2 s GOP, 2.5 Mb/s) and AAC, and publish FLV over RTMP to a local
nginx-rtmp (scripts/server.sh on free ports) for the same time. CPU time and peak RSS come
from wait4's rusage of each process. Runs alternate; medians are compared.
Usage: bench/hosting.py --probe PATH [--seconds 30] [--runs 2]
"""
import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from liveserver import LiveServer  # noqa: E402

GRAPH = "testsrc2=size=1280x720:rate=30"
TONE = "sine=f=440:sample_rate=48000"


def measure(command):
    """Runs command to its end; returns (cpu seconds, peak RSS in MiB, exit status, stdout)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = status
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, status, output.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--probe", required=True, help="the publish-probe binary (release build)")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()

    server = LiveServer()
    try:
        results = {"ffmpeg": [], "floatapp": []}
        for run in range(args.runs):
            url = server.rtmp_url(f"bench{run}")
            ffmpeg = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
                      "-f", "lavfi", "-i", GRAPH, "-f", "lavfi", "-i", TONE,
                      "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "60",
                      "-b:v", "2500k", "-maxrate", "2500k", "-bufsize", "2500k", "-pix_fmt", "yuv420p",
                      "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2",
                      "-t", str(args.seconds), "-f", "flv", url + "-cli"]
            floatapp = [args.probe, f"lavfi:{GRAPH}[out0];{TONE}[out1]", url + "-app", str(args.seconds), "2500"]
            for name, command in (("ffmpeg", ffmpeg), ("floatapp", floatapp)):
                cpu, rss, status, output = measure(command)
                print(f"run {run + 1} {name:8s} cpu {cpu:6.2f} s  rss {rss:6.1f} MiB  exit {status}  {output}")
                results[name].append((cpu, rss))
        cpu = {k: statistics.median(c for c, _ in v) for k, v in results.items()}
        rss = {k: statistics.median(r for _, r in v) for k, v in results.items()}
        print()
        print(f"| {args.seconds:.0f} s at 720p30 | ffmpeg CLI | FloatApp | ratio | goal |")
        print("|---|---|---|---|---|")
        print(f"| CPU time | {cpu['ffmpeg']:.2f} s | {cpu['floatapp']:.2f} s | {cpu['floatapp'] / cpu['ffmpeg']:.2f}x | <= 1.10x |")
        print(f"| peak RSS | {rss['ffmpeg']:.1f} MiB | {rss['floatapp']:.1f} MiB | {rss['floatapp'] / rss['ffmpeg']:.2f}x | <= 1.10x |")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
