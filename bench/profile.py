#!/usr/bin/env python3
"""Profile of FloatApp (or ffplay) playing the playback benchmark's file in a 320x180
window: `perf record` on a private Xvfb + openbox desktop, then CPU samples per thread
and library, and each thread's wake-ups per second in the middle of the run.

Needs perf (Debian: linux-perf) and a perf_event_paranoid setting that lets you
record your own processes. Not part of `make bench`.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need  # noqa: E402
from playback import FLOAT_H, FLOAT_W, OUT, ROOT, media_file  # noqa: E402


def threads(pid):
    """Per thread: name, voluntary context switches, CPU ticks."""
    out = {}
    for task in glob.glob("/proc/%d/task/*" % pid):
        try:
            status = dict(line.split(":", 1) for line in open(task + "/status") if ":" in line)
            fields = open(task + "/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[os.path.basename(task)] = (status["Name"].strip(), int(status["voluntary_ctxt_switches"]),
                                       int(fields[11]) + int(fields[12]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("player", nargs="?", default="floatapp", choices=["floatapp", "ffplay"])
    ap.add_argument("--floatapp", default=os.path.join(ROOT, ".build", "static", "release", "floatapp"))
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    need("Xvfb", "openbox", "xprop", "perf", "ffplay", args.floatapp)
    media = media_file()
    data = os.path.join(OUT, "profile-%s.perf" % args.player)
    with Desktop("profile") as desk:
        extra = dict(SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=os.path.join(desk.tmp, "state"),
                     XDG_CONFIG_HOME=os.path.join(desk.tmp, "config"))
        for item in args.env:
            name, _, value = item.partition("=")
            extra[name] = value
        if args.player == "floatapp":
            rooms = os.path.join(desk.tmp, "rooms.json")
            with open(rooms, "w") as f:
                json.dump({"rooms": [{"id": "clip", "title": "Clip", "kind": "live", "source": media}]}, f)
            os.makedirs(os.path.join(extra["XDG_STATE_HOME"], "floatapp"))
            with open(os.path.join(extra["XDG_STATE_HOME"], "floatapp", "state.json"), "w") as f:
                json.dump({"version": 1, "placement": {"corner": "bottom_right", "width_fraction": FLOAT_W / 1920}}, f)
            cmd = [args.floatapp, "--rooms", rooms, "--open", "clip", "--float", "--exit-on-end"]
        else:
            cmd = ["ffplay", "-loglevel", "error", "-alwaysontop", "-noborder", "-x", str(FLOAT_W),
                   "-y", str(FLOAT_H), "-autoexit", media]
        perf = desk.spawn(["perf", "record", "-q", "-F", "499", "-o", data, "--", *cmd], env=desk.env(**extra),
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(6)
        children = subprocess.run(["pgrep", "-P", str(perf.pid)], capture_output=True, text=True).stdout.split()
        wakeups = []
        if children:
            pid = int(children[0])
            before = threads(pid)
            time.sleep(10)
            after = threads(pid)
            ticks = os.sysconf("SC_CLK_TCK")
            for tid in sorted(after, key=int):
                if tid in before:
                    name, v1, c1 = after[tid]
                    _, v0, c0 = before[tid]
                    wakeups.append((tid, name, (v1 - v0) / 10, (c1 - c0) / ticks / 10 * 100))
        perf.wait(timeout=120)
        desk.forget(perf)
    report = subprocess.run(["perf", "report", "-i", data, "--no-children", "-s", "pid,dso", "--stdio",
                             "-g", "none", "--percent-limit", "0.5"], capture_output=True, text=True).stdout
    print("CPU samples by thread and library (%s):" % args.player)
    print("\n".join(line for line in report.splitlines() if line.strip() and not line.startswith("#")))
    print()
    print("Wake-ups (voluntary context switches) per second and CPU % per thread, 6-16 s into the run:")
    for tid, name, rate, cpu in wakeups:
        print("  %8s %-16s %7.1f/s %6.1f%%" % (tid, name, rate, cpu))
    return 0


if __name__ == "__main__":
    sys.exit(main())
