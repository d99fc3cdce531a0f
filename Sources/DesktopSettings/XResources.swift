/// Reads values from the X resource database text that desktops publish in the root
/// window's `RESOURCE_MANAGER` property (`xrdb` format: one `name:<tab>value` per line).
public enum XResources {
    /// The value of the resource `name` (`Class.resource`, e.g. `Xft.dpi`) in `text`.
    ///
    /// An exact entry beats a loose one (`Xft*dpi`, then `*dpi` or `*.dpi`); among equals the
    /// last wins, as `xrdb -merge` would leave it. Blank lines, comments (`!`) and lines
    /// without a colon are skipped; whitespace around names and values is ignored.
    public static func value(of name: String, in text: String) -> String? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        let ranked = [name: 3, parts[0] + "*" + parts[1]: 2, "*" + parts[1]: 1, "*." + parts[1]: 1]
        var best: (rank: Int, value: String)?
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = trimmed(line[..<colon])
            guard !key.hasPrefix("!"), let rank = ranked[key] else { continue }
            if rank >= best?.rank ?? 0 { best = (rank, trimmed(line[line.index(after: colon)...])) }
        }
        return best?.value
    }

    /// `Xft.dpi` as a positive number, if `text` sets it to one.
    public static func xftDPI(in text: String) -> Double? {
        value(of: "Xft.dpi", in: text).flatMap(positiveNumber)
    }

    /// `text` as a finite number above zero, else nil.
    static func positiveNumber(_ text: String) -> Double? {
        guard let number = Double(trimmed(Substring(text))), number.isFinite, number > 0 else { return nil }
        return number
    }

    private static func trimmed(_ text: Substring) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !blank($0) }),
              let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        return String(text[first...last])
    }
}
