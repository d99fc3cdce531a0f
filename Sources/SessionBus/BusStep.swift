import EngineTerms

/// What FloatApp was asking of the session bus when it failed.
enum BusStep: Equatable, Sendable {
    /// Opening the connection.
    case connect
    /// Saying hello (authenticating) within the connection's timeout.
    case hello
    /// Asking for the well-known name.
    case requestName(String)
    /// Calling method `member` of the object `destination` owns.
    case call(String, member: String)

    /// The failure when this step failed; `detail` is libdbus's message (or "out of memory").
    func failure(_ detail: String) -> SessionBusFailure {
        switch self {
        case .connect: .cannotConnect(detail)
        case .hello: .noAnswer(detail)
        case .requestName(let name): .cannotRequestName(name, detail: detail)
        case .call(let destination, let member): .callFailed(destination, member: member, detail: detail)
        }
    }
}
