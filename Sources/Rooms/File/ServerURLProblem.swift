/// Why a URL a rooms file gives a live server is not one of its kind (R2), as data: AppCore words it.
public enum ServerURLProblem: Hashable, Sendable {
    /// A statistics URL with the `{stream}` placeholder.
    case statsWithPlaceholder
    /// A template without the `{stream}` placeholder.
    case missingPlaceholder(url: String)
    /// A placeholder other than the kind's (`{stream}`; a calls URL's `{room}` and `{participant}`).
    case unknownPlaceholder(url: String, known: [String])
    /// A space or control character, by its code point.
    case controlCharacter(UInt32)
    /// A scheme outside the kind's, and the ones it allows (`rtmp://`, ...).
    case wrongScheme(url: String, allowed: [String])
    /// No host after `scheme://`.
    case noHost(url: String, scheme: String)
    /// A calls URL without `{room}` and `{participant}` once each.
    case callPlaceholdersNotOnce
    /// A calls URL whose placeholders are not in the stream name after the application.
    case callPlaceholdersOutsideStream
    /// A calls URL with nothing but name characters between its two placeholders.
    case callPlaceholdersTouching
}
