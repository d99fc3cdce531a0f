/// The call view: active speaker, layout and participant list (W4, M4).
extension SessionState {
    mutating func audioLevelsMeasured(at time: Double, levels: [Int: Double]) -> [SessionEffect] {
        guard case .call(let participants)? = openRoom?.media else { return [] }
        activeSpeaker.update(at: time, levels: levels.filter { participants.indices.contains($0.key) })
        return []
    }

    mutating func callLayoutSelected(_ layout: CallLayout) -> [SessionEffect] {
        guard layout != callLayout else { return [] }
        callLayout = layout
        return [.layout(.callLayoutChanged(layout))]
    }

    mutating func participantListToggled() -> [SessionEffect] {
        participantList = participantList.toggled
        return [.layout(participantList == .visible ? .participantListVisible : .participantListHidden)]
    }
}
