/// Fills the C-style slots of a translated message: `%s` and `%d` take the next argument,
/// `%2$s` the second, `%%` is a percent sign. The slots are C's so that `xgettext` marks the
/// messages `c-format` and `msgfmt --check` proves every translation keeps them.
enum MessageFormat {
    static func fill(_ template: String, _ args: [any CustomStringConvertible]) -> String {
        guard template.contains("%") else { return template }
        var out = ""
        var next = 0
        var rest = template[...]
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                out += "%"
                rest = rest.dropFirst()
                continue
            }
            var index = next
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$", let n = Int(digits), n > 0 {
                index = n - 1
                rest = rest.dropFirst(digits.count + 1)
            } else {
                next += 1
            }
            guard let spec = rest.first, spec == "s" || spec == "d" else {
                out += "%"
                continue
            }
            rest = rest.dropFirst()
            out += index < args.count ? args[index].description : ""
        }
        return out + rest
    }
}
