import EngineTerms

extension MediaControlsFailure {
    /// What a session bus failure means for the media controls: they are off for the same
    /// reason.
    init(_ failure: SessionBusFailure) {
        switch failure {
        case .noSessionBus: self = .noSessionBus
        case .cannotConnect(let detail): self = .cannotConnect(detail)
        case .noAnswer(let detail): self = .noAnswer(detail)
        case .cannotRequestName(let name, let detail): self = .cannotRequestName(name, detail: detail)
        case .callFailed(_, _, let detail): self = .noAnswer(detail)
        case .noSocket: self = .noSocket
        case .noThread(let reason): self = .noThread(reason)
        }
    }
}
