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
    """One contestant: a key, a table label, which program it is, whether it is a
    diagnostic variant (run in fewer rounds) and, for a FloatApp build other than --floatapp,
    its binary."""

    def __init__(self, key, label, kind, variant=False, binary=None):
        self.key, self.label, self.kind, self.variant, self.binary = key, label, kind, variant, binary


PLAYERS = [
    Player("floatapp", "FloatApp (float 320x180)", "floatapp"),
    Player("ffplay", "ffplay -x 320 -y 180", "ffplay"),
    Player("mpv", "mpv --geometry=320x180", "mpv"),
    Player("ffmpeg", "ffmpeg -f null (decode floor)", "ffmpeg"),
    Player("floatapp-sw", "FloatApp, SDL_RENDER_DRIVER=software", "floatapp", variant=True),
    Player("floatapp-xshm", "FloatApp, software renderer + SDL_FRAMEBUFFER_ACCELERATION=0", "floatapp", variant=True),
    Player("ffplay-xshm", "ffplay, software renderer + SDL_FRAMEBUFFER_ACCELERATION=0", "ffplay", variant=True),
]


def renderer_env(player):
    """SDL renderer settings of a variant: SDL's default (OpenGL on llvmpipe under Xvfb), the
    software renderer (whose window framebuffer SDL still presents through OpenGL on X11), or
    the software renderer on a plain X11 (XShm) framebuffer with no OpenGL at all."""
    if player.key.endswith("-sw"):
        return dict(SDL_RENDER_DRIVER="software")
    if player.key.endswith("-xshm"):
        return dict(SDL_RENDER_DRIVER="software", SDL_FRAMEBUFFER_ACCELERATION="0")
    return {}


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
        extra.update(renderer_env(player))
        args = [player.binary or floatapp, "--rooms", rooms, "--open", "clip", "--float", "--exit-on-end", "--stats", stats]
        env = desk.env(**extra)
    elif player.kind == "ffplay":
        args = ["ffplay", "-hide_banner", "-loglevel", "error", "-alwaysontop", "-noborder",
                "-x", str(FLOAT_W), "-y", str(FLOAT_H), "-autoexit", media]
        env = desk.env(SDL_AUDIODRIVER="dummy", **renderer_env(player))
    elif player.kind == "mpv":
        args = ["mpv", "--no-config", "--really-quiet", "--ao=null", "--ontop", "--no-border",
                "--geometry=%dx%d" % (FLOAT_W, FLOAT_H), media]
        env = desk.env()
    else:
        args = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-i", media, "-f", "null", "-"]
        env = desk.env()
    status, usage, wall = measured(desk, args, env, log, timeout=DURATION * 3 + 20)
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


# What FloatApp's video path costs, piece by piece, measured with the ffmpeg tool on the same
# file: FloatApp decodes with 2 threads and skips the loop filter when the output has at most
# a quarter of the source's pixels, then converts each frame to the float's size: two 2x2
# halvings in its own code, then swscale area averaging from 480x270. The ffmpeg tool cannot
# run the halvings; the scaler lines give swscale alone in one step (area was FloatApp's
# one-step choice; bench/instructions.py counts the halving path's instructions).
DECODES = [
    ("decode, FFmpeg's own thread count (as ffplay)", []),
    ("decode, 2 threads (as FloatApp)", ["-threads", "2"]),
    ("decode, 2 threads, loop filter skipped (FloatApp's decode economy)", ["-threads", "2", "-skip_loop_filter", "all"]),
    ("decode, 2 threads, loop filter skipped, flags2 fast", ["-threads", "2", "-skip_loop_filter", "all", "-flags2", "fast"]),
]
SCALERS = ["bilinear", "area", "fast_bilinear", "neighbor"]
# Each decoded frame is scaled this many times so the scaler's share rises above the noise.
SCALE_COPIES = 4


def ffmpeg_cpu(media, decode, vf, reps):
    args = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", *decode, "-i", media, "-an"]
    if vf:
        args += ["-filter_complex", vf]
    else:
        args += ["-f", "null", "-"]
    cpus = []
    for _ in range(reps):
        proc = subprocess.Popen(args + (["-f", "null", "-"] if vf else []), stdin=subprocess.DEVNULL)
        _, usage = wait_rusage(proc, timeout=180)
        cpus.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(cpus)


def measure_costs(media, reps):
    """Median CPU seconds of each decode setting, and of swscale per 600 frames for each method."""
    decodes = [(label, ffmpeg_cpu(media, args, None, reps)) for label, args in DECODES]
    economy = DECODES[2][1]
    base = decodes[2][1]
    scalers = []
    for flags in SCALERS:
        chains = ";".join("[s%d]scale=%d:%d:flags=%s,format=yuv420p,nullsink" % (i, FLOAT_W, FLOAT_H, flags)
                          for i in range(SCALE_COPIES))
        graph = "[0:v]split=%d%s;%s" % (SCALE_COPIES, "".join("[s%d]" % i for i in range(SCALE_COPIES)), chains)
        total = ffmpeg_cpu(media, economy, graph, reps)
        scalers.append((flags, max(0.0, (total - base) / SCALE_COPIES)))
    return dict(decodes=decodes, scalers=scalers)


def medians(runs):
    return dict(cpu=statistics.median(r["cpu"] for r in runs), rss=statistics.median(r["rss_mb"] for r in runs),
                wall=statistics.median(r["wall"] for r in runs), ok=sum(r["complete"] for r in runs), n=len(runs))


def report(results, rounds, variant_rounds, media, started, costs):
    by = {p.key: [r for r in results if r["player"] == p.key] for p in PLAYERS}
    med = {k: medians(v) for k, v in by.items() if v}
    lines = []
    out = lines.append

    def table(players):
        out("| player | median CPU s (user+sys) | median peak RSS MB | median wall s | played whole file |")
        out("|---|---:|---:|---:|---:|")
        for p in players:
            if p.key in med:
                m = med[p.key]
                out("| %s | %.2f | %.0f | %.1f | %d/%d |" % (p.label, m["cpu"], m["rss"], m["wall"], m["ok"], m["n"]))

    out("Playback benchmark, %s: %d rounds (renderer variants in %d), %s, load average at start %s"
        % (started, rounds, variant_rounds, os.path.basename(media), started_load))
    out("")
    out("A 20 s 1080p30 H.264 (High, 8 Mb/s) + AAC stereo file played in a 320x180 window on Xvfb + openbox; "
        "audio to SDL's dummy driver (FloatApp, ffplay) or mpv's --ao=null.")
    out("")
    table([p for p in PLAYERS if not p.variant])
    out("")
    fa = med.get("floatapp")
    if fa:
        out("| FloatApp vs | CPU | peak RSS | goal |")
        out("|---|---:|---:|---|")
        for key, goal in (("ffplay", "CPU <= 0.70x, RSS <= 0.60x"), ("mpv", ""),
                          ("ffmpeg", "floor: decode only; CPU <= 1.10x"), ("floatapp-baseline", "")):
            if key in med:
                m = med[key]
                out("| %s | %s | %s | %s |" % (key, ratio(fa["cpu"], m["cpu"]), ratio(fa["rss"], m["rss"]), goal))
        if "ffplay" in med:
            c, r = fa["cpu"] / med["ffplay"]["cpu"], fa["rss"] / med["ffplay"]["rss"]
            out("")
            out("Goal CPU <= 0.70x ffplay: %s (%.2fx). Goal peak RSS <= 0.60x ffplay: %s (%.2fx)."
                % ("MET" if c <= 0.7 else "MISSED", c, "MET" if r <= 0.6 else "MISSED", r))
        if "ffmpeg" in med:
            f = fa["cpu"] / med["ffmpeg"]["cpu"]
            out("Goal CPU <= 1.10x the decode floor: %s (%.2fx)." % ("MET" if f <= 1.1 else "MISSED", f))
    if any(p.variant and p.key in med for p in PLAYERS):
        out("")
        out("Renderer variants (diagnostics; on X11 SDL presents even its software renderer through OpenGL "
            "unless SDL_FRAMEBUFFER_ACCELERATION=0):")
        out("")
        table([p for p in PLAYERS if p.variant])
    out("")
    out("FloatApp runs: float frame events in the stats log and the session's counters")
    out("")
    out("| run | CPU s | RSS MB | float frames | decoded | converted | presented | dropped | loop filter skipped | source opens |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for p in PLAYERS:
        if p.kind != "floatapp":
            continue
        for i, r in enumerate(by.get(p.key, [])):
            out("| %s #%d | %.2f | %.0f | %d | %s | %s | %s | %s | %s | %d |"
                % (p.key, i + 1, r["cpu"], r["rss_mb"], r["frames"], r["decoded"], r["converted"],
                   r["presented"], r["dropped"], r["economy"], r["opens"]))
    if costs:
        out("")
        out("What the video path's pieces cost, with the ffmpeg tool on the same file (median CPU s):")
        out("")
        out("| piece | CPU s |")
        out("|---|---:|")
        for label, cpu in costs["decodes"]:
            out("| %s | %.2f |" % (label, cpu))
        for flags, cpu in costs["scalers"]:
            out("| swscale 1920x1080 to %dx%d yuv420p, %s%s, %d frames | %.2f |"
                % (FLOAT_W, FLOAT_H, flags, " (FloatApp's one-step choice before the halvings)" if flags == "area" else "",
                   DURATION * FPS, cpu))
    bad = [r for r in results if not r["complete"]]
    if bad:
        out("")
        for r in bad:
            out("INCOMPLETE: %s status %s wall %.1f s%s" % (r["player"], r["status"], r["wall"],
                                                          " frames %s" % r["frames"] if "frames" in r else ""))
    return "\n".join(lines)


started_load = ""


def main():
    global started_load
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--variant-rounds", type=int, default=2,
                    help="rounds that also run the renderer variants (diagnostics)")
    ap.add_argument("--floatapp", default=os.path.join(ROOT, ".build", "release", "floatapp"))
    ap.add_argument("--baseline", metavar="PATH",
                    help="another FloatApp build to run in every round too (before and after a change)")
    ap.add_argument("--only", help="comma-separated player keys: " + ",".join(p.key for p in PLAYERS))
    ap.add_argument("--cost-reps", type=int, default=3, help="repetitions of each cost line (0: skip)")
    ap.add_argument("--json", default=os.path.join(OUT, "playback.json"), help="raw results file")
    args = ap.parse_args()
    need("Xvfb", "openbox", "xprop", "ffmpeg", "ffplay", "mpv", args.floatapp)
    if args.baseline:
        need(args.baseline)
        PLAYERS.insert(1, Player("floatapp-baseline", "FloatApp baseline build (--baseline)", "floatapp",
                                 binary=args.baseline))
    players = PLAYERS if not args.only else [p for p in PLAYERS if p.key in args.only.split(",")]
    media = media_file()
    started = time.strftime("%Y-%m-%d %H:%M %Z")
    started_load = "%.2f" % os.getloadavg()[0]
    results = []
    with Desktop("playback") as desk:
        for rnd in range(args.rounds):
            now = [p for p in players if not p.variant or rnd < args.variant_rounds]
            shift = rnd % len(now)
            for player in now[shift:] + now[:shift]:
                r = run_one(desk, player, media, args.floatapp, desk.tmp, rnd)
                results.append(r)
                print("round %d %-12s cpu %5.2f s  rss %4.0f MB  wall %5.1f s  %s%s" % (
                    rnd + 1, player.key, r["cpu"], r["rss_mb"], r["wall"], "ok" if r["complete"] else "INCOMPLETE",
                    "  frames %d" % r["frames"] if "frames" in r else ""), flush=True)
    costs = measure_costs(media, args.cost_reps) if args.cost_reps > 0 else []
    with open(args.json, "w") as f:
        json.dump(dict(results=results, costs=costs), f, indent=1)
    text = report(results, args.rounds, min(args.rounds, args.variant_rounds), media, started, costs)
    print()
    print(text)
    with open(os.path.join(OUT, "playback.md"), "w") as f:
        f.write(text + "\n")
    return 0 if all(r["complete"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
