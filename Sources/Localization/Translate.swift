/// The translation of a user-facing text; `args` fill its `%s`, `%d` and `%n$s` slots in order
/// (or by the number a translation gives them), so a language can reorder them.
///
/// `xgettext --keyword=tr` collects every call's literal into `po/floatapp.pot`: pass a string
/// literal, never a value built at run time.
public func tr(_ msgid: String, _ args: any CustomStringConvertible...) -> String {
    MessageFormat.fill(Localization.lookup(msgid), args)
}

/// The translation of a text with a count, in the plural form the language picks for `n`
/// (English: one and other; Arabic has six); `n` is the first argument and any `args` follow.
///
/// `xgettext --keyword=trn:1,2` collects it.
public func trn(_ singular: String, _ plural: String, _ n: Int, _ args: any CustomStringConvertible...) -> String {
    MessageFormat.fill(Localization.lookup(singular, plural, n), [n] + args)
}
