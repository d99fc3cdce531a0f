import FilesAndOptions
import Foundation
import Localization
import Logging
import Playback
import Rooms

/// FloatApp's entry point: parse the command line, then check rooms or run the app.
@MainActor
func floatappMain() -> Int32 {
    Localization.start(localeDirectory: Paths.localeDir)
    let options: Options
    do {
        options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    } catch let error as AppError {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        return error.exitStatus
    } catch {
        return 2
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
    case .checkRooms(let path):
        switch RoomsLoader.load(path: path) {
        case .success(let config):
            print(trn("%2$s: OK, %1$d room", "%2$s: OK, %1$d rooms", config.rooms.count, path == "-" ? tr("standard input") : path))
            return 0
        case .failure(let error):
            for m in error.messages { FileHandle.standardError.write(Data((m + "\n").utf8)) }
            return 2
        }
    case .run:
        guard let path = RoomsLoader.resolve(explicit: options.roomsFile) else {
            Log.error(tr("no rooms file: pass --rooms FILE, or set FLOATAPP_ASSETS to the folder with the built-in rooms.json"))
            return 2
        }
        let config: Rooms.RoomsConfig
        switch RoomsLoader.load(path: path) {
        case .success(let c): config = c
        case .failure(let error):
            for m in error.messages { FileHandle.standardError.write(Data((m + "\n").utf8)) }
            return 2
        }
        Log.info("rooms from \(path)")
        do {
            let app = try App(options: options, config: config, roomsPath: path)
            return app.run()
        } catch let error as AppError {
            Log.error(error.description)
            return error.exitStatus
        } catch {
            Log.error("\(error)")
            return 1
        }
    }
}

exit(MainActor.assumeIsolated { floatappMain() })
