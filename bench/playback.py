#!/usr/bin/env python3
"""Playback benchmark: CPU time and peak memory of FloatApp playing a 1080p file in a
320x180 float, side by side with ffplay and mpv in the same size, and FFmpeg's
decode-only cost as the floor.

Each round runs every player once (the order rotates between rounds) on a private
Xvfb + openbox desktop. CPU is user+sys and peak RSS is ru_maxrss, both from
wait4() on the player process. Prints a table; see bench/README.md.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
DURATION = 20
FPS = 30
FLOAT_W, FLOAT_H = 320, 180


def media_file():
    """The 20 s 1080p30 H.264 + AAC test file, made once and cached in bench/out/."""
    path = os.path.join(OUT, "playback-1080p30-20s.mp4")
    if os.path.exists(path):
        return path
    os.makedirs(OUT, exist_ok=True)
    tmp = path + ".part.mp4"
    print("bench: generating %s ..." % os.path.relpath(path, ROOT), flush=True)
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
         "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=%d:duration=%d" % (FPS, DURATION),
         "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=%d" % DURATION,
         "-c:v", "libx264", "-preset", "medium", "-profile:v", "high", "-pix_fmt", "yuv420p",
         "-g", "60", "-b:v", "8M", "-maxrate", "10M", "-bufsize", "16M",
         "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-shortest", "-movflags", "+faststart", tmp],
        check=True)
    os.replace(tmp, path)
    return path


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


class Player:
    """One contestant: how to start it and how to check that it played the whole file."""

    def __init__(self, key, label, kind):
        self.key, self.label, self.kind = key, label, kind


PLAYERS = [
    Player("floatapp", "FloatApp (float 320x180)", "floatapp"),
    Player("floatapp-sw", "FloatApp, SDL_RENDER_DRIVER=software", "floatapp"),
    Player("ffplay", "ffplay -x 320 -y 180", "ffplay"),
    Player("mpv", "mpv --geometry=320x180", "mpv"),
    Player("ffmpeg", "ffmpeg -f null (decode floor)", "ffmpeg"),
]


def run_one(desk, player, media, floatapp, workdir, index):
    """Runs one player once; returns a result dict."""
    run_dir = os.path.join(workdir, "%s-%d" % (player.key, index))
    os.makedirs(run_dir)
    log = open(os.path.join(run_dir, "stderr.txt"), "w")
    stats = None
    if player.kind == "floatapp":
        rooms = os.path.join(run_dir, "rooms.json")
        with open(rooms, "w") as f:
            json.dump({"rooms": [{"id": "clip", "title": "Benchmark clip", "kind": "live", "source": media}]}, f)
        state_home = os.path.join(run_dir, "state")
        os.makedirs(os.path.join(state_home, "floatapp"))
        # The float's width is a fraction of the usable width (SPEC P3, P15): 320 of 1920.
        with open(os.path.join(state_home, "floatapp", "state.json"), "w") as f:
            json.dump({"version": 1, "placement": {"corner": "bottom_right",
                                                   "width_fraction": FLOAT_W / 1920}}, f)
        stats = os.path.join(run_dir, "stats.jsonl")
        extra = dict(SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=state_home,
                     XDG_CONFIG_HOME=os.path.join(run_dir, "config"))
        if player.key == "floatapp-sw":
            extra["SDL_RENDER_DRIVER"] = "software"
        args = [floatapp, "--rooms", rooms, "--open", "clip", "--float", "--exit-on-end", "--stats", stats]
        env = desk.env(**extra)
    elif player.kind == "ffplay":
        args = ["ffplay", "-hide_banner", "-loglevel", "error", "-alwaysontop", "-noborder",
                "-x", str(FLOAT_W), "-y", str(FLOAT_H), "-autoexit", media]
        env = desk.env(SDL_AUDIODRIVER="dummy")
    elif player.kind == "mpv":
        args = ["mpv", "--no-config", "--really-quiet", "--ao=null", "--ontop", "--no-border",
                "--geometry=%dx%d" % (FLOAT_W, FLOAT_H), media]
        env = desk.env()
    else:
        args = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-i", media, "-f", "null", "-"]
        env = desk.env()
    start = time.monotonic()
    proc = desk.spawn(args, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    status, usage = wait_rusage(proc, timeout=DURATION * 3 + 20)
    wall = time.monotonic() - start
    desk.forget(proc)
    log.close()
    result = dict(player=player.key, status=status, wall=wall,
                  cpu=usage.ru_utime + usage.ru_stime, user=usage.ru_utime, sys=usage.ru_stime,
                  rss_mb=usage.ru_maxrss / 1024, vcsw=usage.ru_nvcsw, ivcsw=usage.ru_nivcsw)
    if stats:
        result.update(read_floatapp_stats(stats))
    result["complete"] = complete(player, result)
    return result


def read_floatapp_stats(path):
    """Frame count, pts range, playing time and the playback counters of one FloatApp run."""
    frames, pts, counters, opens = 0, [], {}, 0
    t_playing = t_ended = None
    with open(path) as f:
        for line in f:
            e = json.loads(line)
            if e["ev"] == "frame" and e.get("window") == "float":
                frames += 1
                pts.append(e["pts"])
            elif e["ev"] == "status" and e["status"] == "playing" and t_playing is None:
                t_playing = e["t"]
            elif e["ev"] == "status" and e["status"] == "ended":
                t_ended = e["t"]
            elif e["ev"] == "counters":
                counters = e
            elif e["ev"] == "source_open":
                opens += 1
    return dict(frames=frames, first_pts=min(pts) if pts else None, last_pts=max(pts) if pts else None,
                played=(t_ended - t_playing) / 1000 if t_playing is not None and t_ended is not None else None,
                decoded=counters.get("decoded"), converted=counters.get("converted"),
                presented=counters.get("presented"), dropped=counters.get("dropped"),
                economy=counters.get("economy"), opens=opens)


def complete(player, r):
    """Whether the run played the whole file."""
    if r["status"] != 0:
        return False
    if player.kind == "floatapp":
        return (r["frames"] >= 0.95 * DURATION * FPS and r["last_pts"] is not None
                and r["last_pts"] >= DURATION - 0.5 and r["played"] is not None and r["played"] >= DURATION - 1)
    if player.kind == "ffmpeg":
        return True
    return DURATION - 0.5 <= r["wall"] <= DURATION + 8


def ratio(a, b):
    return "%.2fx" % (a / b) if b else "-"


def report(results, rounds, media, started):
    by = {p.key: [r for r in results if r["player"] == p.key] for p in PLAYERS}
    med = {k: dict(cpu=statistics.median(r["cpu"] for r in v), rss=statistics.median(r["rss_mb"] for r in v),
                   rss_max=max(r["rss_mb"] for r in v), wall=statistics.median(r["wall"] for r in v),
                   ok=sum(r["complete"] for r in v), n=len(v))
           for k, v in by.items() if v}
    lines = []
    out = lines.append
    out("Playback benchmark, %s (%d rounds, %s, load average at start %s)"
        % (started, rounds, os.path.basename(media), started_load))
    out("20 s 1080p30 H.264 + AAC file in a 320x180 window; CPU = user+sys; RSS = peak resident set")
    out("")
    out("| player | median CPU s | median peak RSS MB | median wall s | complete runs |")
    out("|---|---:|---:|---:|---:|")
    for p in PLAYERS:
        if p.key in med:
            m = med[p.key]
            out("| %s | %.2f | %.0f | %.1f | %d/%d |" % (p.label, m["cpu"], m["rss"], m["wall"], m["ok"], m["n"]))
    out("")
    fa = med.get("floatapp")
    if fa:
        out("| FloatApp vs | CPU ratio | peak RSS ratio | goal |")
        out("|---|---:|---:|---|")
        for key, goal in (("ffplay", "<= 0.80x CPU and RSS"), ("mpv", ""), ("ffmpeg", "(floor: decode only)")):
            if key in med:
                m = med[key]
                out("| %s | %s | %s | %s |" % (key, ratio(fa["cpu"], m["cpu"]), ratio(fa["rss"], m["rss"]), goal))
        if "ffplay" in med:
            c, r = fa["cpu"] / med["ffplay"]["cpu"], fa["rss"] / med["ffplay"]["rss"]
            out("")
            out("Goal CPU <= 0.80x ffplay: %s (%.2fx); goal peak RSS <= 0.80x ffplay: %s (%.2fx)"
                % ("MET" if c <= 0.8 else "MISSED", c, "MET" if r <= 0.8 else "MISSED", r))
    out("")
    out("FloatApp runs (float frame events and the session's counters):")
    out("")
    out("| run | CPU s | RSS MB | float frames | decoded | converted | presented | dropped | loop filter skipped | source opens |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for key in ("floatapp", "floatapp-sw"):
        for i, r in enumerate(by.get(key, [])):
            out("| %s #%d | %.2f | %.0f | %d | %s | %s | %s | %s | %s | %d |"
                % (key, i + 1, r["cpu"], r["rss_mb"], r["frames"], r["decoded"], r["converted"],
                   r["presented"], r["dropped"], r["economy"], r["opens"]))
    bad = [r for r in results if not r["complete"]]
    if bad:
        out("")
        for r in bad:
            out("INCOMPLETE: %s status %s wall %.1f s %s" % (r["player"], r["status"], r["wall"],
                                                           "frames %s" % r.get("frames") if "frames" in r else ""))
    return "\n".join(lines)


started_load = ""


def main():
    global started_load
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--floatapp", default=os.path.join(ROOT, ".build", "release", "floatapp"))
    ap.add_argument("--only", help="comma-separated player keys: " + ",".join(p.key for p in PLAYERS))
    ap.add_argument("--json", default=os.path.join(OUT, "playback.json"), help="raw results file")
    args = ap.parse_args()
    need("Xvfb", "openbox", "xprop", "ffmpeg", "ffplay", "mpv", args.floatapp)
    players = PLAYERS if not args.only else [p for p in PLAYERS if p.key in args.only.split(",")]
    media = media_file()
    started = time.strftime("%Y-%m-%d %H:%M %Z")
    started_load = "%.2f" % os.getloadavg()[0]
    results = []
    with Desktop("playback") as desk:
        for rnd in range(args.rounds):
            shift = rnd % len(players)
            for player in players[shift:] + players[:shift]:
                r = run_one(desk, player, media, args.floatapp, desk.tmp, rnd)
                results.append(r)
                print("round %d %-12s cpu %5.2f s  rss %4.0f MB  wall %5.1f s  %s%s" % (
                    rnd + 1, player.key, r["cpu"], r["rss_mb"], r["wall"], "ok" if r["complete"] else "INCOMPLETE",
                    "  frames %d" % r["frames"] if "frames" in r else ""), flush=True)
    with open(args.json, "w") as f:
        json.dump(results, f, indent=1)
    text = report(results, args.rounds, media, started)
    print()
    print(text)
    with open(os.path.join(OUT, "playback.md"), "w") as f:
        f.write(text + "\n")
    return 0 if all(r["complete"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
