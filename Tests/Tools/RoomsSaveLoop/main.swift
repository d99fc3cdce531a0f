import Files
import Foundation
import Rooms

// Adds a room to the rooms file named by the first argument and deletes it again with the app's
// own save code (UserRoomsFile), over and over until it is killed: the child that
// FilesTests.RoomsFileKillTests kills at random moments (R6). "ready" on standard output says
// the first add and delete were saved.
let path = CommandLine.arguments[1]
let room = NewRoom(id: "kill-test", title: "Kill test", source: "https://127.0.0.1:9/kill.m3u8")
// A loop killed after its add left the room in the file: the next one starts by deleting it.
_ = try? UserRoomsFile.remove(room.id, from: path)
var ready = false
while true {
    do {
        _ = try UserRoomsFile.add(room, to: path, seed: nil)
        _ = try UserRoomsFile.remove(room.id, from: path)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    if !ready {
        ready = true
        FileHandle.standardOutput.write(Data("ready\n".utf8))
    }
}
