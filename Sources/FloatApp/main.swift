import AppCore
import EngineTerms
import Files
import Foundation
import Localization
import Logging
import Playback
import Rooms

/// When the process reached its own code (`DispatchTime` nanoseconds), after the dynamic loader
/// and the runtime: the `--stats` log's time 0 and its `main` start-up step.
let mainEnteredNanos = DispatchTime.now().uptimeNanoseconds

/// FloatApp's entry point: parse the command line, then check rooms or run the app.
@MainActor
func floatappMain() -> Int32 {
    SDLRuntime.nameWaylandWindows(ApplicationID.id)
    Localization.start(localeDirectory: Paths.localeDir)
    let options: Options
    do {
        options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data((error.words + "\n").utf8))
        return error.exitStatus
    }
    Log.level = options.logLevel
    FFmpegLog.follow(options.logLevel)
    switch options.command {
    case .help:
        print(Options.help)
        return 0
    case .version:
        print("floatapp \(FloatAppVersion.string)")
        return 0
    case .checkRooms(let path) where path != "-" && PlaylistAddress.isPlaylistPath(path):
        guard let rooms = checkPlaylist(path) else { return 2 }
        print(CommandLineWords.roomsChecked(path: path, rooms: rooms))
        return 0
    case .checkRooms(let path):
        do throws(RoomsLoadError) {
            let config = try RoomsLoader.load(path: path)
            print(CommandLineWords.roomsChecked(path: path, rooms: config.rooms.count))
            return 0
        } catch {
            for m in error.messages { FileHandle.standardError.write(Data((m + "\n").utf8)) }
            return 2
        }
    case .link(let id):
        guard let (config, path, _) = startingRooms(explicit: options.roomsFile) else { return 2 }
        switch LinkCommand.link(id, in: config, path: path) {
        case .success(let link):
            print(link)
            return 0
        case .failure(let error):
            FileHandle.standardError.write(Data((error.words + "\n").utf8))
            return 2
        }
    case .run:
        let instance = RunningInstance.claim(options)
        guard let instance else { return 0 }
        guard let (config, path, store) = startingRooms(explicit: options.roomsFile) else { return 2 }
        if path != "-", PlaylistAddress.isPlaylistPath(path), checkPlaylist(path) == nil { return 2 }
        Log.info("rooms from \(path)")
        do {
            let app = try App(options: options, config: config, roomsPath: path, store: store, instance: instance.service)
            return app.run()
        } catch let error as AppError {
            Log.error(error.words)
            return error.exitStatus
        } catch {
            Log.error("\(error)")
            return 1
        }
    }
}

/// Reads the playlist `--rooms` or `--check-rooms` names (R4, R7): its skipped lines and its
/// refusal go to standard error as `path:line:col: message`; the count of its rooms, or nil
/// when it gives none.
func checkPlaylist(_ path: String) -> Int? {
    let result: Result<PlaylistRooms, PlaylistLoadFailure>
    do throws(RoomsLoadError) {
        result = PlaylistRooms.read(try RoomsLoader.readPlaylist(path: path), from: .file(path: path))
    } catch {
        result = .failure(.file(error))
    }
    let say = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    switch result {
    case .success(let rooms):
        rooms.problemWords.forEach { say(path + ":" + ($0.first?.isNumber == true ? "" : " ") + $0) }
        return rooms.rooms.count
    case .failure(.playlist(let error)):
        error.problems.forEach { say(path + ":" + ($0.position == nil ? " " : "") + $0.words) }
        return nil
    case .failure(let failure):
        failure.words.forEach(say)
        return nil
    }
}

/// The rooms the app starts with: `--rooms FILE` (R4: a file that does not load ends the app
/// with status 2), else the user's rooms file, else the built-in one (R6: a user's file that does
/// not load is reported and the built-in rooms listed). Nil after telling why nothing loads.
@MainActor
private func startingRooms(explicit: String?) -> (RoomsConfig, watched: String, UserRooms.Store)? {
    do throws(RoomsLoadError) {
        if let explicit { return (try RoomsLoader.load(path: explicit), explicit, .elsewhere) }
        guard RoomsLoader.builtInPath != nil || FileManager.default.fileExists(atPath: Paths.userRoomsFile) else {
            Log.error(DesktopFailure.noRoomsFile.words)
            return nil
        }
        let start = try RoomsStart.read(builtIn: RoomsLoader.builtInPath)
        switch start.origin {
        case .userFile: return (start.config, start.watchedPath, .userFile)
        case .builtIn: return (start.config, start.watchedPath, .builtIn)
        case .userFileBroken(let error):
            for m in error.messages { Log.warn(m) }
            return (start.config, start.watchedPath, .broken(error))
        }
    } catch {
        for m in error.messages { FileHandle.standardError.write(Data((m + "\n").utf8)) }
        return nil
    }
}

exit(MainActor.assumeIsolated { floatappMain() })
