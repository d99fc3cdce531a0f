import CIntl

/// FloatApp's translations: gettext's `floatapp` text domain, chosen once at start from
/// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` as every GNOME and KDE app chooses it.
///
/// Until ``start(localeDirectory:)`` binds the domain (in the unit tests), and in the `C`
/// locale, where gettext ignores `LANGUAGE`, every lookup returns the English source text.
public enum Localization {
    /// The gettext text domain of FloatApp's catalogs (`floatapp.mo`).
    public static let domain = "floatapp"

    /// Takes the user's locale from the environment and binds the domain to `localeDirectory`
    /// (the folder holding `<lang>/LC_MESSAGES/floatapp.mo`). Numbers keep the `C` locale's
    /// decimal point, so the libraries that parse and print numbers read files the same way in
    /// every language. Translations come out as UTF-8 whatever the locale's character set.
    /// A locale the system does not have (`LANG=de_DE.UTF-8` without it generated) falls back
    /// to `C.UTF-8`, so `LANGUAGE` still chooses the catalog.
    public static func start(localeDirectory: String?) {
        if setlocale(LC_ALL, "") == nil { _ = setlocale(LC_ALL, "C.UTF-8") }
        _ = setlocale(LC_NUMERIC, "C")
        if let localeDirectory { _ = bindtextdomain(domain, localeDirectory) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        _ = textdomain(domain)
    }

    /// The translation of `msgid`, or `msgid` itself when the catalog has none. gettext hands
    /// back its argument when it has no translation, and that C string lives only inside the
    /// call, so it is compared by address and never read after.
    static func lookup(_ msgid: String) -> String {
        msgid.withCString { id in
            guard let out = dgettext(domain, id), out != id else { return msgid }
            return String(cString: out)
        }
    }

    /// The translation of a message with a count, in the plural form the language picks for `n`.
    static func lookup(_ singular: String, _ plural: String, _ n: Int) -> String {
        let count = UInt(truncatingIfNeeded: n.magnitude)
        return singular.withCString { one in
            plural.withCString { many in
                guard let out = dngettext(domain, one, many, count) else { return n == 1 ? singular : plural }
                if out == one { return singular }
                if out == many { return plural }
                return String(cString: out)
            }
        }
    }

    /// The direction the user's language is written in, as its translators set it: GTK's
    /// convention, where the catalog translates `default:LTR` to `default:RTL` for a
    /// right-to-left language.
    public static var direction: TextDirection {
        // TRANSLATORS: write "default:RTL" if your language is written right to left, else keep "default:LTR".
        tr("default:LTR") == "default:RTL" ? .rightToLeft : .leftToRight
    }
}
