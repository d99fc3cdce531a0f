"""The benchmarks' report form: a dated header with the command and the load, a table of each
contestant's median and spread over the rounds, and verdict lines, each a ratio of one run's
medians with the per-round ratios' spread and the goal it is held to. The verdict lines are
written to be copied into README.md's performance section as they are."""

import os
import statistics
import time


def load_text():
    """The 1, 5 and 15 minute load averages, as `uptime` prints them."""
    return "%.1f %.1f %.1f" % os.getloadavg()


def header(name, started, argv, load):
    """`### Name, 2026-12-05 01:40 UTC, `bench/run.sh name ARGS`; load average ... at start`."""
    argv = list(argv)
    if "--floatapp" in argv:  # bench/run.sh passes its release build
        at = argv.index("--floatapp")
        del argv[at:at + 2]
    command = " ".join(["bench/run.sh", name.lower()] + argv)
    return "### %s, %s, `%s`; load average %s at start" % (name, time.strftime("%Y-%m-%d %H:%M UTC", started),
                                                            command, load)


def spread(values, fmt):
    return ("%s (%s-%s)" % (fmt, fmt, fmt)) % (statistics.median(values), min(values), max(values))


def stats_for(results, contestants):
    """Table lines: per contestant, median CPU and peak RSS with their min-max over the rounds."""
    lines = ["| contestant | CPU s, median (min-max) | peak RSS MB, median (min-max) | wall s, median | complete |",
             "|---|---:|---:|---:|---:|"]
    for c in contestants:
        runs = [r for r in results if r["player"] == c.key]
        if runs:
            lines.append("| %s | %s | %s | %.1f | %d/%d |" % (
                c.label, spread([r["cpu"] for r in runs], "%.2f"), spread([r["rss_mb"] for r in runs], "%.0f"),
                statistics.median(r["wall"] for r in runs), sum(r["complete"] for r in runs), len(runs)))
    return lines


class Verdicts:
    """Verdict lines over `results` (dicts with `player`, `round` and the measures)."""

    def __init__(self, results):
        self.results = results
        self.lines = []
        self.readme = []

    def values(self, key, field):
        return {r["round"]: r[field] for r in self.results if r["player"] == key}

    def line(self, label, a, b, field, goal, every_round=False, readme=None):
        """`label`: median(a) / median(b) of `field`, the per-round a/b spread, and whether it
        meets `goal` (a ratio at most; with `every_round`, in each round); nothing when either
        contestant did not run. Lines with a goal (or `readme` true) also go to README.md."""
        va, vb = self.values(a, field), self.values(b, field)
        rounds = sorted(set(va) & set(vb))
        if not rounds:
            return
        per_round = [va[r] / vb[r] for r in rounds if vb[r]]
        ma, mb = statistics.median(va.values()), statistics.median(vb.values())
        ratio = ma / mb if mb else float("inf")
        value = "%.2f s" if field == "cpu" else "%.0f MB"
        text = ("- %s: **%.2fx** (rounds %.2f-%.2f; " + value + " vs " + value + ")") % (
            label, ratio, min(per_round), max(per_round), ma, mb)
        if goal is not None:
            met = max(per_round) <= goal if every_round else ratio <= goal
            text += "; goal <= %.2fx%s: %s" % (goal, " every round" if every_round else "", "met" if met else "MISSED")
        if every_round:
            text += "; per round: %s" % ", ".join("%.3f" % x for x in per_round)
        self.lines.append(text)
        if readme or (readme is None and goal is not None):
            self.readme.append(text)


def write_readme_block(out_dir, name, started, argv, load, intro, lines):
    """bench/out/NAME-readme.md: the block README.md's performance section shows for this
    benchmark (bench/readme.py copies it between the section's `<!-- bench:NAME -->` marks)."""
    head = header(name, started, argv, load).lstrip("# ")
    text = "**%s** (%d cores). %s\n\n%s\n" % (head, os.cpu_count(), intro, "\n".join(lines))
    with open(os.path.join(out_dir, "%s-readme.md" % name.lower()), "w") as f:
        f.write(text)
