"""Reads a LeakSanitizer report and prints the leaks that are FloatApp's to look at.

LeakSanitizer reports every block reachable only from leaked blocks as an "indirect" leak,
even when the direct leak it hangs from is suppressed. swift-corelibs-xctest leaks a weak
reference side table (suppressed in lsan.supp) that points into its own graph of test
cases, test runs and suites; that whole graph then shows up as indirect leaks. A block is
dropped here when its allocation stack is XCTest building that graph (the patterns below,
each a function that only XCTest's bookkeeping calls, never a test body). Every other leak,
direct or indirect (a retain cycle is all indirect), is printed. Exit status 1 if any is.
"""

import re
import sys

XCTEST_GRAPH = [
    "4name11testClosure",      # XCTestCase.init(name:testClosure:) and the generated subclasses' inits
    "XCTest0A8SuiteRunC",      # XCTestSuiteRun bookkeeping
    "XCTest0A7CaseRunC4test",  # XCTestCaseRun.init(test:)
    "XCTest0A5SuiteC3add",     # XCTestSuite.addTest
]
RUNTIME = re.compile(r"(asan_|malloc|posix_memalign|swift_slowAlloc|swift_allocObject|\$ss|\$sS|crtstuff)")


def blocks(text):
    current = None
    for line in text.splitlines():
        if re.match(r"^(Direct|Indirect) leak of", line):
            if current:
                yield current
            current = [line]
        elif current is not None:
            if line.strip().startswith("#"):
                current.append(line)
            elif line.strip() == "" and len(current) > 1:
                yield current
                current = None
    if current:
        yield current


def first_own_frame(block):
    for line in block[1:]:
        fields = line.split()
        name = fields[3] if len(fields) > 3 and fields[2] == "in" else ""
        if name and not RUNTIME.search(name):
            return name
    return ""


def main():
    text = open(sys.argv[1], errors="replace").read()
    kept = []
    for block in blocks(text):
        stack = "\n".join(block[1:])
        top = first_own_frame(block)
        if block[0].startswith("Indirect") and (any(p in stack for p in XCTEST_GRAPH) or "XCTMainMisc" in top):
            continue
        kept.append(block)
    for block in kept:
        print("\n".join(block[:14]) + "\n")
    if kept:
        print("lsan-filter: %d leak(s) to look at" % len(kept))
    return 1 if kept else 0


if __name__ == "__main__":
    sys.exit(main())
