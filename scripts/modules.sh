#!/usr/bin/env bash
# FloatApp's targets and their dependencies, as Package.swift declares them, against
# docs/modules.md, which draws them and sorts them into layers.
# Usage: scripts/modules.sh check       fail, saying what differs, when:
#                                        - an edge of Package.swift (a target other than a test
#                                          target depending on another target) is missing from
#                                          the mermaid graph in docs/modules.md, or the graph
#                                          draws an edge Package.swift lacks;
#                                        - a target is in no layer, in two, or a layer names a
#                                          target Package.swift lacks;
#                                        - an edge points the wrong way (see below);
#                                        - a pure target, or a target it depends on directly or
#                                          not, imports FoundationNetworking;
#                                        - a target (test targets included) is not named in
#                                          docs/modules.md.
#        scripts/modules.sh edges       every edge, "FROM --> TO", one a line
#        scripts/modules.sh wrong-way   the edges that point the wrong way, one a line
#
# docs/modules.md lists the layers as numbered lines, lowest first:
#   `N. NAME [(shared)] [(pure)] [(beside M)]: `Target`, `Target`, ...`
# A target depends only on targets of lower layers, and on targets of its own layer when the
# layer is shared, but never on a layer it is beside (layers beside each other are parallel:
# neither depends on the other). The targets of the layers marked pure do no I/O.
# `swift package dump-package` reads Package.swift (without building anything).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command=${1:-check}
case "$command" in check | edges | wrong-way) ;; *) echo "usage: scripts/modules.sh check|edges|wrong-way" >&2; exit 2 ;; esac
manifest=$(mktemp)
trap 'rm -f "$manifest"' EXIT
"${SWIFT:-swift}" package dump-package >"$manifest"

python3 - "$command" "$manifest" docs/modules.md <<'PY'
import json, os, re, sys

command, manifest_path, doc_path = sys.argv[1:4]
manifest = json.load(open(manifest_path))
doc = open(doc_path).read()

targets = {t["name"]: t for t in manifest["targets"]}
tests = {name for name, t in targets.items() if t["type"] == "test"}

def dependencies(target):
    for dep in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dep and dep[kind][0] in targets:
                yield dep[kind][0]

edges = {(name, dep) for name, t in targets.items() if name not in tests for dep in dependencies(t)}

graph = re.search(r"```mermaid\n(.*?)```", doc, re.S)
drawn = set(re.findall(r"^\s*(\w+)\s*-->\s*(\w+)\s*$", graph.group(1) if graph else "", re.M))

layer_lines = re.findall(r"^(\d+)\. ([^:\n]+): (.+)$", doc, re.M)
layer_of, shared, pure, beside = {}, set(), set(), {}
problems = []
for number, name, members in layer_lines:
    level = int(number)
    if "(shared)" in name:
        shared.add(level)
    if "(pure)" in name:
        pure.add(level)
    beside[level] = {int(m) for m in re.findall(r"\(beside (\d+)\)", name)}
    for member in re.findall(r"`(\w+)`", members):
        if member in layer_of:
            problems.append(f"{member} is in layers {layer_of[member]} and {level}")
        layer_of[member] = level

def wrong(edge):
    source, target = (layer_of.get(end) for end in edge)
    if source is None or target is None:
        return False
    return target > source or (target == source and source not in shared) or target in beside.get(source, ())

def closure(name):
    seen, todo = set(), [name]
    while todo:
        current = todo.pop()
        if current not in seen:
            seen.add(current)
            todo.extend(dependencies(targets[current]))
    return seen

def source_folder(name):
    target = targets[name]
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", name)

def imports_networking(name):
    folder = source_folder(name)
    for base, _, files in os.walk(folder):
        for file in sorted(files):
            if file.endswith(".swift"):
                path = os.path.join(base, file)
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    if re.match(r"\s*(@\w+\s+)*import\s+(\w+\s+)?FoundationNetworking\b", line):
                        yield f"{path}:{number}"

if command == "edges":
    for source, target in sorted(edges):
        print(f"{source} --> {target}")
    sys.exit(0)
if command == "wrong-way":
    for source, target in sorted(filter(wrong, edges)):
        print(f"{source} --> {target}")
    sys.exit(0)

for source, target in sorted(edges - drawn):
    problems.append(f"Package.swift has {source} --> {target}; the graph in {doc_path} does not draw it")
for source, target in sorted(drawn - edges):
    problems.append(f"the graph in {doc_path} draws {source} --> {target}; Package.swift has no such dependency")
for name in sorted(set(targets) - tests - set(layer_of)):
    problems.append(f"{name} is in no layer of {doc_path}")
for name in sorted(set(layer_of) - set(targets)):
    problems.append(f"{doc_path} puts {name} in layer {layer_of[name]}, but Package.swift has no such target")
for name in sorted(set(layer_of) & tests):
    problems.append(f"{name} is a test target; test targets are in no layer")
for source, target in sorted(filter(wrong, edges)):
    problems.append(f"{source} (layer {layer_of[source]}) --> {target} (layer {layer_of[target]}) points the wrong way")
for name in sorted(n for n, level in layer_of.items() if level in pure and n in targets):
    for reached in sorted(closure(name)):
        for place in imports_networking(reached):
            via = "" if reached == name else f" (through {reached})"
            problems.append(f"pure target {name} imports FoundationNetworking{via}: {place}")
named = set(re.findall(r"`(\w+)`", doc))
for name in sorted(set(targets) - named):
    problems.append(f"{doc_path} does not name the target {name}")

if problems:
    for problem in problems:
        print(f"modules.sh: {problem}", file=sys.stderr)
    sys.exit(1)
print(f"modules.sh: {len(edges)} edges of {len(targets) - len(tests)} targets drawn in {doc_path}, "
      f"all pointing down its {len(set(int(n) for n, _, _ in layer_lines))} layers; "
      f"the pure targets reach no FoundationNetworking")
PY
