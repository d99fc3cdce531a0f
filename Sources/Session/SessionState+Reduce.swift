extension SessionState {
    /// Applies an action and returns the effects to carry out, in order.
    public mutating func reduce(_ action: SessionAction) -> [SessionEffect] {
        switch action {
        case .roomSelected(let room): roomSelected(room)
        case .pipRequested(let origin): pipRequested(origin: origin)
        case .floatClicked: floatClicked()
        case .floatCloseClicked: floatCloseClicked()
        case .mainWindowMinimized: mainWindowMinimized()
        case .mainWindowRestored: mainWindowRestored()
        case .playbackStatusChanged(let id, let status): playbackStatusChanged(id, status)
        case .audioLevelsMeasured(let time, let levels): audioLevelsMeasured(at: time, levels: levels)
        case .callLayoutSelected(let layout): callLayoutSelected(layout)
        case .participantListToggled: participantListToggled()
        case .pipEnabledChanged(let scope, let availability): pipEnabledChanged(scope, availability)
        case .roomsFileReloaded(let settings, let open): roomsFileReloaded(settings, openRoom: open)
        case .directoryChanged(let open): openRoomListed(open)
        case .leaveClicked: leaveClicked()
        case .retryClicked: retryClicked()
        case .backToListClicked: backToListClicked()
        }
    }
}
