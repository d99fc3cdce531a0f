import EngineTerms
import LiveDirectory
import Rooms

/// The call the user has joined (W10): who they are in it, what they send and how it goes.
public struct CallState: Equatable, Sendable {
    /// The list's room that was opened.
    public var room: RoomID
    /// The server the call is held on.
    public var serverID: String
    /// The call's room id on the server.
    public var callRoom: RoomID
    /// The user's name, camera and microphone in the call.
    public var identity: CallIdentity
    /// The URL the user's participant stream is published to.
    public var sendURL: String
    /// `M`: the microphone is muted (the stream carries silence; the others see a marker).
    public var microphoneMuted = false
    /// `V`: the camera is off (the others see the name instead of video).
    public var cameraOff = false
    /// The participant stream's publisher as last polled.
    public var sending = BroadcastReport()
    /// Why the call's media connection gave up, until the server takes the user in again.
    public var failure: CallFailure?

    /// Creates the state of a call just joined.
    public init(room: RoomID, serverID: String, callRoom: RoomID, identity: CallIdentity, sendURL: String) {
        self.room = room
        self.serverID = serverID
        self.callRoom = callRoom
        self.identity = identity
        self.sendURL = sendURL
    }

    /// What is sent, as the publisher needs it.
    public var sendingState: CallSending {
        CallSending(microphoneMuted: microphoneMuted || identity.microphone == nil,
                    cameraOff: cameraOff || identity.camera == nil)
    }
}
