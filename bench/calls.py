#!/usr/bin/env python3
"""Calls benchmark: the CPU of a call of 1, 4, 9 and 16 H.264 640x360 participants served from
files over local HTTP, in the full tile view and in the float, side by side with as many
`ffmpeg -threads 1 -i URL -f null -` decodes of the same streams, in one run. Draws CPU against
participant count into docs/calls-cpu.png. See bench/README.md."""

import argparse
import json
import os
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop import Desktop, need  # noqa: E402
from playback import cached_media, measured, wait_rusage  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
PLOT = os.path.join(ROOT, "docs", "calls-cpu.png")
DURATION = 15
COUNTS = (1, 4, 9, 16)


def media_file():
    """A 15 s 640x360 30 fps H.264 (a key frame a second, as a call's sender makes) + AAC
    MPEG-TS, made once and cached in bench/out/."""
    return cached_media("call-640x360-15s.ts", [
        "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=%d" % DURATION,
        "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000:duration=%d" % DURATION,
        "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "30", "-b:v", "1M",
        "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-ac", "1", "-f", "mpegts"])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(desk, media, workdir):
    """Serves `media` as p0.ts ... p15.ts with python3's http.server; returns the base URL."""
    folder = os.path.join(workdir, "served")
    os.makedirs(folder)
    for i in range(max(COUNTS)):
        os.link(media, os.path.join(folder, "p%d.ts" % i))
    port = free_port()
    desk.spawn([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", folder],
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = "http://127.0.0.1:%d/" % port
    deadline = time.monotonic() + 10
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return base
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("the HTTP server did not start")
            time.sleep(0.05)


def run_floatapp(desk, floatapp, base, count, view, workdir, round_=0):
    """One call of `count` participants in the `view` ("full" or "float"); returns a result."""
    run_dir = os.path.join(workdir, "floatapp-%s-%d-%d" % (view, count, round_))
    os.makedirs(run_dir)
    rooms = os.path.join(run_dir, "rooms.json")
    participants = [{"name": "P%d" % i, "source": base + "p%d.ts" % i} for i in range(count)]
    with open(rooms, "w") as f:
        json.dump({"rooms": [{"id": "call", "title": "Call", "kind": "call", "participants": participants}]}, f)
    state_home = os.path.join(run_dir, "state")
    os.makedirs(os.path.join(state_home, "floatapp"))
    with open(os.path.join(state_home, "floatapp", "state.json"), "w") as f:
        json.dump({"version": 1, "placement": {"corner": "bottom_right", "width_fraction": 320 / 1920}}, f)
    stats = os.path.join(run_dir, "stats.jsonl")
    args = [floatapp, "--rooms", rooms, "--open", "call", "--exit-on-end", "--stats", stats]
    if view == "float":
        args.append("--float")
    env = desk.env(SDL_AUDIODRIVER="dummy", XDG_STATE_HOME=state_home, XDG_CONFIG_HOME=os.path.join(run_dir, "config"))
    log = open(os.path.join(run_dir, "stderr.txt"), "w")
    status, usage, wall = measured(desk, args, env, log, timeout=DURATION * 4 + 30)
    result = dict(kind="floatapp", view=view, count=count, status=status, wall=wall,
                  cpu=usage.ru_utime + usage.ru_stime, rss_mb=usage.ru_maxrss / 1024)
    result.update(read_stats(stats))
    return result


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
    return dict(demands=kinds, sizes=sizes, opens=opens,
                decoded=sum(c["decoded"] for c in finals.values()),
                non_key=sum(c.get("non_key", 0) for c in finals.values()),
                queued=sum(c.get("queued", c["converted"]) for c in finals.values()),
                converted=sum(c["converted"] for c in finals.values()),
                presented=sum(c["presented"] for c in finals.values()),
                economy=sum(c.get("economy", 0) for c in finals.values()))


def run_ffmpeg(desk, base, count, audio_only=0):
    """`count` concurrent `ffmpeg -threads 1 -i URL -f null -` decodes, the last `audio_only` of
    them of the sound alone (`-vn`); returns their summed CPU."""
    procs = []
    for i in range(count):
        args = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-threads", "1",
                "-i", base + "p%d.ts" % i] + (["-vn"] if i >= count - audio_only else []) + ["-f", "null", "-"]
        procs.append(desk.spawn(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    cpu, rss, ok = 0.0, 0.0, True
    for proc in procs:
        status, usage = wait_rusage(proc, timeout=DURATION * 4 + 30)
        desk.forget(proc)
        cpu += usage.ru_utime + usage.ru_stime
        rss += usage.ru_maxrss / 1024
        ok = ok and status == 0
    return dict(kind="ffmpeg-sound" if audio_only else "ffmpeg", count=count, status=0 if ok else 1, cpu=cpu, rss_mb=rss)


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def plot(results):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.4, 4))
    for label, pick, style in [
        ("FloatApp, full tile view", lambda r: r["kind"] == "floatapp" and r["view"] == "full", "o-"),
        ("FloatApp, float (speaker only)", lambda r: r["kind"] == "floatapp" and r["view"] == "float", "s-"),
        ("N x ffmpeg -threads 1 -f null", lambda r: r["kind"] == "ffmpeg", "^--"),
        ("ffmpeg: 1 whole + N-1 sound only (the float's floor)",
         lambda r: r["kind"] == "ffmpeg-sound" or (r["kind"] == "ffmpeg" and r["count"] == 1), "v:"),
    ]:
        rows = sorted((r["count"], r["cpu"]) for r in results if pick(r))
        ax.plot([c for c, _ in rows], [v for _, v in rows], style, label=label)
    ax.set_xlabel("participants (H.264 640x360 30 fps over local HTTP)")
    ax.set_ylabel("CPU seconds (user+sys) for %d s of call" % DURATION)
    ax.set_xticks(COUNTS)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    os.makedirs(os.path.dirname(PLOT), exist_ok=True)
    tmp = PLOT + ".part.png"
    fig.savefig(tmp, dpi=100)
    os.replace(tmp, PLOT)


def ratio(a, b):
    return "%.2fx" % (a / b) if b else "-"


def key(r):
    return (r["kind"], r.get("view"), r["count"])


def medians(results):
    """Per contestant and count, the run of median CPU (of an even number, the lower middle):
    the rounds alternate the contestants, so load that comes and goes falls on all alike."""
    groups = {}
    for r in results:
        groups.setdefault(key(r), []).append(r)
    return [sorted(runs, key=lambda r: r["cpu"])[(len(runs) - 1) // 2] for runs in groups.values()]


def spread(results, k):
    cpus = sorted(r["cpu"] for r in results if key(r) == k)
    return "%.2f-%.2f" % (cpus[0], cpus[-1]) if cpus else "-"


def report(all_results, rounds, started, load_start, load_end):
    results = medians(all_results)
    by = {key(r): r for r in results}
    lines = ["### Calls (%s, `bench/run.sh calls%s`; load average %s at start, %s at end)" % (
        started, " --rounds %d" % rounds if rounds > 1 else "", load_start, load_end),
             "",
             "| participants | full view CPU s | float CPU s | float / full | N x ffmpeg -threads 1 CPU s | full / ffmpeg "
             "| ffmpeg, 1 + N-1 sound only, CPU s | float / that | full RSS MB | float RSS MB | tile size | float: demands "
             "| full view: queued / converted / presented / loop filter skipped |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|"]
    for n in COUNTS:
        full, flt, ff = by.get(("floatapp", "full", n)), by.get(("floatapp", "float", n)), by.get(("ffmpeg", None, n))
        if not (full and flt and ff):
            continue
        sound = by.get(("ffmpeg-sound", None, n)) or ff
        demands = ", ".join("%d %s" % (v, k) for k, v in sorted(flt["demands"].items()))
        lines.append("| %d | %.2f | %.2f | %s | %.2f | %s | %.2f | %s | %.0f | %.0f | %s | %s | %d / %d / %d / %d |" % (
            n, full["cpu"], flt["cpu"], ratio(flt["cpu"], full["cpu"]), ff["cpu"], ratio(full["cpu"], ff["cpu"]),
            sound["cpu"], ratio(flt["cpu"], sound["cpu"]),
            full["rss_mb"], flt["rss_mb"], " ".join(full["sizes"]), demands,
            full["queued"], full["converted"], full["presented"], full["economy"]))
    if rounds > 1:
        lines += ["", "Medians of %d rounds, each contestant's CPU range over them (s):" % rounds, ""]
        for n in COUNTS:
            if ("floatapp", "full", n) in by:
                lines.append("- %d: full view %s, float %s, N x ffmpeg %s" % (
                    n, spread(all_results, ("floatapp", "full", n)), spread(all_results, ("floatapp", "float", n)),
                    spread(all_results, ("ffmpeg", None, n))))
    lines += ["", "Goals at 16: float / full at most 0.25x; full / ffmpeg at most 1.2x. The float's own floor is one",
              "participant's video and everyone's sound: ffmpeg decoding one stream whole and the others' sound only.",
              "Every FloatApp run opened each source once: %s." % all(
                  r["opens"] == r["count"] for r in all_results if r["kind"] == "floatapp"),
              "Exit statuses other than 0: %s." % (", ".join(
                  "%s-%s-%d: %d" % (r["kind"], r.get("view") or "", r["count"], r["status"])
                  for r in all_results if r["status"] != 0) or "none"),
              "", "![CPU against participant count](docs/calls-cpu.png)"]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--floatapp", required=True)
    parser.add_argument("--counts", default=",".join(map(str, COUNTS)))
    parser.add_argument("--rounds", type=int, default=1,
                        help="runs of each contestant per count, alternating; the report takes the medians")
    args = parser.parse_args()
    need("Xvfb", "openbox", "ffmpeg", "xprop")
    counts = [int(c) for c in args.counts.split(",")]
    media = media_file()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_start = load()
    results = []
    with Desktop("calls") as desk:
        base = serve(desk, media, desk.tmp)
        for n, round_ in ((n, r) for n in counts for r in range(args.rounds)):
            if args.rounds > 1:
                print("participants %d, round %d of %d" % (n, round_ + 1, args.rounds), flush=True)
            # Side by side: the contestants of one count run back to back.
            for view in ("full", "float"):
                r = run_floatapp(desk, args.floatapp, base, n, view, desk.tmp, round_)
                results.append(r)
                print("floatapp %-5s %2d: cpu %.2f s, rss %.0f MB, demands %s, decoded %d (non-key %d), queued %d, converted %d, "
                      "presented %d, loop filter skipped %d, opens %d, status %d"
                      % (view, n, r["cpu"], r["rss_mb"], r["demands"], r["decoded"], r["non_key"], r["queued"], r["converted"],
                         r["presented"], r["economy"], r["opens"], r["status"]), flush=True)
            r = run_ffmpeg(desk, base, n)
            results.append(r)
            print("ffmpeg x%-2d: cpu %.2f s" % (n, r["cpu"]), flush=True)
            if n > 1:
                r = run_ffmpeg(desk, base, n, audio_only=n - 1)
                results.append(r)
                print("ffmpeg x1 + %d sound only: cpu %.2f s" % (n - 1, r["cpu"]), flush=True)
    text = report(results, args.rounds, started, load_start, load())
    print()
    print(text)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "calls.json"), "w") as f:
        json.dump(results, f, indent=1)
    with open(os.path.join(OUT, "calls.md"), "w") as f:
        f.write(text + "\n")
    plot(medians(results))


if __name__ == "__main__":
    main()
