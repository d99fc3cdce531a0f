#!/usr/bin/env python3
"""Copies the benchmarks' latest verdicts into README.md's performance section: each block
between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` is replaced by bench/out/NAME-readme.md,
which `bench/run.sh NAME` writes (date, command, load, medians with their spread). Blocks whose
file is missing are left as they are. Usage: python3 bench/readme.py"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
README = os.path.join(os.path.dirname(HERE), "README.md")


def main():
    with open(README) as f:
        text = f.read()
    updated = []

    def block(match):
        name = match.group(1)
        path = os.path.join(HERE, "out", "%s-readme.md" % name)
        if not os.path.exists(path):
            return match.group(0)
        with open(path) as f:
            updated.append(name)
            return "<!-- bench:%s -->\n%s<!-- /bench:%s -->" % (name, f.read(), name)

    text = re.sub(r"<!-- bench:([a-z]+) -->\n.*?<!-- /bench:\1 -->", block, text, flags=re.S)
    with open(README, "w") as f:
        f.write(text)
    print("README.md: updated %s" % (", ".join(updated) or "nothing (no bench/out/*-readme.md)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
