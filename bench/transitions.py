#!/usr/bin/env python3
"""Transitions benchmark: enter and leave PiP many times with real input (XTEST through
xdotool) on a private Xvfb + openbox desktop, and measure from FloatApp's --stats log
how each switch looks: the gap between the last frame in one window and the first in
the other, the time from the request to that first frame, pts continuity, source opens
and blank float presents.

Half the cycles use keys (`p` in the main window, `Escape` in the float), half use the
mouse (a click on the PiP control, a click on the float). Every step waits for the
app's own events in the stats file, never for a fixed time.
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
from statslog import Stats  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
SOURCE = "lavfi:testsrc2=size=1280x720:rate=30[out0];sine=frequency=440:sample_rate=48000[out1]"
GAP_GOAL_MS = 50
FRAMES_PER_VIEW = 6
# Pause between input steps: the first click into a freshly focused window is dropped
# within 10 ms of focus-in.
INPUT_PACING = 0.04
STEP_TIMEOUT = 5.0


def is_frame(e, window):
    return e["ev"] == "frame" and e.get("window") == window


def lifecycle(e, name):
    return e["ev"] == "lifecycle" and e.get("event") == name


class Driver:
    """Drives FloatApp with xdotool (XTEST) and waits for its stats events."""

    def __init__(self, desk, stats):
        self.desk, self.stats = desk, stats
        self.main = None
        self.float_rect = None

    def xdo(self, *args):
        return self.desk.run(["xdotool", *args]).stdout

    def window(self, classname):
        found = self.desk.run(["xdotool", "search", "--classname", "^%s$" % classname], check=False)
        ids = found.stdout.split()
        return ids[0] if ids else None

    def geometry(self, wid):
        """The window's absolute client area (xwininfo; xdotool's geometry counts the frame twice)."""
        keys = {"Absolute upper-left X": "X", "Absolute upper-left Y": "Y", "Width": "WIDTH", "Height": "HEIGHT"}
        g = {}
        for line in self.desk.run(["xwininfo", "-id", wid]).stdout.splitlines():
            k, _, v = line.strip().partition(":")
            if k in keys:
                g[keys[k]] = int(v)
        return g

    def pointer_to(self, x, y):
        # An absolute warp alone gives SDL no XInput2 raw motion (its global pointer stays
        # stale); a relative XTEST step after it does.
        self.xdo("mousemove", str(x - 1), str(y - 1))
        self.xdo("mousemove_relative", "--", "1", "1")

    def wait_for(self, mark, done, what):
        """Waits until `done(events since mark)` is true."""
        return wait_until(lambda: done(self.stats.since(mark)), STEP_TIMEOUT, what, interval=0.005)

    def wait_view(self, mark, window, started, finished):
        """Waits for a switch into `window` to finish and play a few frames there."""
        def done(evs):
            seen = [i for i, e in enumerate(evs) if lifecycle(e, finished)]
            if not seen:
                return False
            first = next((i for i, e in enumerate(evs) if lifecycle(e, started)), None)
            return first is not None and sum(1 for e in evs[first:] if is_frame(e, window)) >= FRAMES_PER_VIEW
        self.wait_for(mark, done, "%s and %d %s frames" % (finished, FRAMES_PER_VIEW, window))

    # The four moves.

    def enter_by_key(self):
        mark = self.stats.mark()
        self.xdo("windowactivate", "--sync", self.main)
        time.sleep(INPUT_PACING)
        self.xdo("key", "p")
        self.wait_view(mark, "float", "willStart", "didStart")
        self.note_float(mark)

    def leave_by_key(self):
        mark = self.stats.mark()
        self.xdo("windowactivate", "--sync", self.window("PictureInPicture"))
        time.sleep(INPUT_PACING)
        self.xdo("key", "Escape")
        self.wait_view(mark, "main", "willStop", "didStop")

    def enter_by_click(self):
        g = self.geometry(self.main)
        scale = g["WIDTH"] / 960
        # The PiP control: first button of the bottom bar (RoomView): 40 px square,
        # 16 px from the left, centred in the 64 px bar.
        x = g["X"] + round((16 + 20) * scale)
        y = g["Y"] + g["HEIGHT"] - round(32 * scale)
        mark = self.stats.mark()
        self.pointer_to(x, y)
        # The motion shows the control bar; click once a frame was drawn with it.
        self.wait_for(mark, lambda evs: any(is_frame(e, "main") for e in evs), "a main frame after pointer motion")
        time.sleep(INPUT_PACING)
        mark = self.stats.mark()
        self.xdo("click", "1")
        self.wait_view(mark, "float", "willStart", "didStart")
        self.note_float(mark)

    def leave_by_click(self):
        x, y, w, h = self.float_rect
        mark = self.stats.mark()
        self.pointer_to(x + w // 2, y + h // 2)
        time.sleep(INPUT_PACING)
        self.xdo("click", "1")
        self.wait_view(mark, "main", "willStop", "didStop")

    def note_float(self, mark):
        shown = [e for e in self.stats.since(mark) if e["ev"] == "float_shown"]
        if shown:
            e = shown[-1]
            self.float_rect = (e["x"], e["y"], e["w"], e["h"])


def analyse(events, kinds):
    """One record per switch, in order, from the stats events; `kinds` names each switch's input."""
    frames = [e for e in events if e["ev"] == "frame"]
    requests = [e for e in events if lifecycle(e, "willStart") or lifecycle(e, "willStop")]
    opens = [e for e in events if e["ev"] == "source_open"]
    blanks = [e for e in events if e["ev"] == "blank"]
    switches = []
    for n, req in enumerate(requests):
        entering = lifecycle(req, "willStart")
        old, new = ("main", "float") if entering else ("float", "main")
        t0 = req["t"]
        t_next = requests[n + 1]["t"] if n + 1 < len(requests) else float("inf")
        first_new = next((f for f in frames if f["window"] == new and t0 <= f["t"] < t_next), None)
        change = next((e for e in events if e["ev"] == ("float_shown" if entering else "float_hidden")
                       and t0 <= e["t"] < t_next), None)
        before = [f for f in frames if f["window"] == old and f["t"] <= (first_new["t"] if first_new else t0)]
        last_old = before[-1] if before else None
        rec = dict(n=n + 1, kind=kinds[n] if n < len(kinds) else "?", direction="enter" if entering else "leave",
                   request_t=t0, ok=first_new is not None and last_old is not None)
        if rec["ok"]:
            rec.update(gap_ms=first_new["t"] - last_old["t"], latency_ms=first_new["t"] - t0,
                       old_pts=last_old["pts"], new_pts=first_new["pts"], dpts=first_new["pts"] - last_old["pts"])
        if change:
            rec["window_ms"] = change["t"] - t0
        rec["opens"] = sum(1 for o in opens if t0 <= o["t"] < t_next)
        rec["blanks"] = sum(1 for b in blanks if t0 <= b["t"] < t_next)
        switches.append(rec)
    # Across the whole run, presented pts must never go back, whichever window shows them.
    backs = sum(1 for a, b in zip(frames, frames[1:]) if b["pts"] < a["pts"] - 1e-6)
    return switches, dict(source_opens=len(opens), room_opens=sum(1 for e in events if e["ev"] == "open"),
                          blanks=len(blanks), backsteps=backs, frames=len(frames))


def fmt_ms(values, fn):
    return "%.1f" % fn(values) if values else "-"


def report(switches, totals, started, cycles, load, env):
    lines = []
    out = lines.append
    out("Transitions benchmark, %s (%d key cycles + %d click cycles, load average at start %s)"
        % (started, cycles, cycles, load))
    out("Live room: %s%s" % (SOURCE, "; FloatApp environment: " + " ".join(env) if env else ""))
    out("gap = first frame presented in the new window - last frame presented in the old one (it includes the "
        "wait for the old window's next frame, up to one frame interval, 33 ms at 30 fps); request = the "
        "willStart/willStop lifecycle event; float shown/hidden = the float_shown/float_hidden event "
        "(SDL's show and hide wait for the window manager to map or unmap the window)")
    out("")
    out("| switch | count | gap median ms | gap worst ms | request to first frame median ms | worst ms "
        "| request to float shown/hidden median ms | worst ms "
        "| pts step median s | pts went back | source opens | blank float presents |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    groups = [("enter by key (p)", lambda s: s["kind"] == "key" and s["direction"] == "enter"),
              ("leave by key (Esc)", lambda s: s["kind"] == "key" and s["direction"] == "leave"),
              ("enter by click (PiP control)", lambda s: s["kind"] == "click" and s["direction"] == "enter"),
              ("leave by click (on the float)", lambda s: s["kind"] == "click" and s["direction"] == "leave"),
              ("all", lambda s: True)]
    for name, sel in groups:
        rows = [s for s in switches if sel(s)]
        ok = [s for s in rows if s["ok"]]
        gaps = [s["gap_ms"] for s in ok]
        lat = [s["latency_ms"] for s in ok]
        dp = [s["dpts"] for s in ok]
        win = [s["window_ms"] for s in rows if "window_ms" in s]
        out("| %s | %d%s | %s | %s | %s | %s | %s | %s | %s | %d | %d | %d |" % (
            name, len(rows), "" if len(ok) == len(rows) else " (%d unmeasured)" % (len(rows) - len(ok)),
            fmt_ms(gaps, statistics.median), fmt_ms(gaps, max), fmt_ms(lat, statistics.median), fmt_ms(lat, max),
            fmt_ms(win, statistics.median), fmt_ms(win, max),
            "%.3f" % statistics.median(dp) if dp else "-", sum(1 for d in dp if d < 0),
            sum(s["opens"] for s in rows), sum(s["blanks"] for s in rows)))
    out("")
    ok = [s for s in switches if s["ok"]]
    worst = max((s["gap_ms"] for s in ok), default=float("nan"))
    over = sum(1 for s in ok if s["gap_ms"] > GAP_GOAL_MS)
    out("Goal gap <= %d ms: %s (worst %.1f ms, %d of %d switches over)"
        % (GAP_GOAL_MS, "MET" if ok and over == 0 and len(ok) == len(switches) else "MISSED", worst, over, len(switches)))
    out("Goal exactly one source open: %s (%d source opens, %d room opens in the run)"
        % ("MET" if totals["source_opens"] == 1 and totals["room_opens"] == 1 else "MISSED",
           totals["source_opens"], totals["room_opens"]))
    out("pts continuity: %d steps back over %d frame events in both windows; largest step across a switch %.3f s"
        % (totals["backsteps"], totals["frames"], max((s["dpts"] for s in ok), default=float("nan"))))
    out("Blank float presents (float drawn without video): %d" % totals["blanks"])
    slow = sorted(ok, key=lambda s: -s["gap_ms"])[:5]
    if slow:
        out("")
        out("Slowest switches: " + "; ".join(
            "#%d %s %s: gap %.1f ms, request to frame %.1f ms, to float %s %s ms"
            % (s["n"], s["kind"], s["direction"], s["gap_ms"], s["latency_ms"],
               "shown" if s["direction"] == "enter" else "hidden",
               "%.1f" % s["window_ms"] if "window_ms" in s else "-") for s in slow))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cycles", type=int, default=50, help="enter+leave cycles per input kind")
    ap.add_argument("--floatapp", default=os.path.join(ROOT, ".build", "release", "floatapp"))
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                    help="extra environment for FloatApp, e.g. SDL_RENDER_DRIVER=software (repeatable)")
    args = ap.parse_args()
    need("Xvfb", "openbox", "xprop", "xdotool", "xwininfo", args.floatapp)
    os.makedirs(OUT, exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M %Z")
    load = "%.2f" % os.getloadavg()[0]
    kinds = []
    failures = []
    with Desktop("transitions") as desk:
        rooms = os.path.join(desk.tmp, "rooms.json")
        with open(rooms, "w") as f:
            json.dump({"rooms": [{"id": "live", "title": "Bench Live", "kind": "live", "source": SOURCE}]}, f)
        stats_path = os.path.join(OUT, "transitions-stats.jsonl")
        if os.path.exists(stats_path):
            os.remove(stats_path)
        extra = dict(SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=os.path.join(desk.tmp, "state"),
                     XDG_CONFIG_HOME=os.path.join(desk.tmp, "config"))
        for item in args.env:
            name, _, value = item.partition("=")
            extra[name] = value
        app_log = open(os.path.join(OUT, "transitions-floatapp.log"), "w")
        app = desk.spawn([args.floatapp, "--rooms", rooms, "--open", "live", "--stats", stats_path],
                         env=desk.env(**extra), stdin=subprocess.DEVNULL, stdout=app_log, stderr=app_log)
        stats = Stats(stats_path)
        drv = Driver(desk, stats)
        drv.wait_for(0, lambda evs: sum(1 for e in evs if is_frame(e, "main")) >= 10, "the room to play in the main window")
        drv.main = wait_until(lambda: drv.window("floatapp"), STEP_TIMEOUT, "the main window")
        for kind, enter, leave in (("key", drv.enter_by_key, drv.leave_by_key),
                                   ("click", drv.enter_by_click, drv.leave_by_click)):
            for i in range(args.cycles):
                for step in (enter, leave):
                    kinds.append(kind)
                    try:
                        step()
                    except TimeoutError as err:
                        failures.append("%s cycle %d %s: %s" % (kind, i + 1, step.__name__, err))
                        print("bench: " + failures[-1], flush=True)
                if (i + 1) % 10 == 0 or i + 1 == args.cycles:
                    print("%s: %d/%d cycles" % (kind, i + 1, args.cycles), flush=True)
        app.terminate()
        app.wait(timeout=10)
        desk.forget(app)
        app_log.close()
    stats = Stats(stats_path)
    stats.poll()
    requests = [e for e in stats.events if lifecycle(e, "willStart") or lifecycle(e, "willStop")]
    if len(requests) != len(kinds):
        failures.append("%d input steps but %d PiP requests in the log; per-switch input kinds may be off"
                        % (len(kinds), len(requests)))
    switches, totals = analyse(stats.events, kinds)
    with open(os.path.join(OUT, "transitions.json"), "w") as f:
        json.dump(dict(switches=switches, totals=totals, failures=failures), f, indent=1)
    text = report(switches, totals, started, args.cycles, load, args.env)
    if failures:
        text += "\n\nInput steps that timed out:\n" + "\n".join("- " + x for x in failures)
    print()
    print(text)
    with open(os.path.join(OUT, "transitions.md"), "w") as f:
        f.write(text + "\n")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
