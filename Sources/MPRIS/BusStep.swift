import EngineTerms

/// What FloatApp was asking of the session bus when it failed.
enum BusStep: Equatable, Sendable {
    /// Opening the connection.
    case connect
    /// Saying hello (authenticating) within ``MPRISService/busTimeout``.
    case hello
    /// Asking for the well-known name.
    case requestName(String)

    /// The media controls' failure when this step failed; `detail` is libdbus's message (or
    /// "out of memory").
    func failure(_ detail: String) -> MediaControlsFailure {
        switch self {
        case .connect: .cannotConnect(detail)
        case .hello: .noAnswer(detail)
        case .requestName(let name): .cannotRequestName(name, detail: detail)
        }
    }
}
