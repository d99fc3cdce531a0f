/// The lines in which two values' dumps differ, each named by its path in the value
/// (`main.paint.dirty: true`), so a failed step says what differs rather than printing two
/// whole states.
struct StateDifference: CustomStringConvertible {
    /// The expected value's lines missing from the actual one, and the actual's extra lines.
    let missing: [String]
    let extra: [String]

    init<Value>(expected: Value, actual: Value) {
        let want = Self.lines(expected), got = Self.lines(actual)
        let difference = got.difference(from: want)
        missing = difference.removals.map { if case .remove(_, let line, _) = $0 { line } else { "" } }
        extra = difference.insertions.map { if case .insert(_, let line, _) = $0 { line } else { "" } }
    }

    var description: String {
        (missing.map { "  expected \($0)" } + extra.map { "  actual   \($0)" }).joined(separator: "\n")
    }

    /// The value's dump, one leaf a line, each prefixed with the labels of the values around it.
    private static func lines<Value>(_ value: Value) -> [String] {
        var text = ""
        dump(value, to: &text)
        var path: [(indent: Int, label: String)] = []
        var out: [String] = []
        for raw in text.split(separator: "\n") {
            let indent = raw.prefix { $0 == " " }.count
            var body = raw.dropFirst(indent)
            let isLeaf = body.hasPrefix("- ")
            if let marker = body.first, "-▿▹".contains(marker) { body = body.dropFirst(2) }
            while let last = path.last, last.indent >= indent { path.removeLast() }
            let label = body.split(separator: ":", maxSplits: 1).first.map(String.init) ?? String(body)
            let prefix = path.map(\.label).joined(separator: ".")
            if isLeaf {
                out.append(prefix.isEmpty ? String(body) : "\(prefix).\(body)")
            } else if indent > 0 {
                path.append((indent, label))
            }
        }
        return out
    }
}
