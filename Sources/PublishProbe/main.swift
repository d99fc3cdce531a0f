import Broadcast
import Foundation

// publish-probe: goes live with FloatApp's publisher for a fixed time and prints its figures,
// so the hosting benchmark can compare it with the ffmpeg command line.
// Usage: publish-probe SOURCE RTMP_URL SECONDS [KBITS]

let arguments = CommandLine.arguments
guard arguments.count >= 4, let seconds = Double(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: publish-probe SOURCE RTMP_URL SECONDS [KBITS]\n".utf8))
    exit(2)
}
var options = PublishOptions()
if arguments.count >= 5, let kilobits = Int(arguments[4]) { options.videoBitrate = kilobits * 1000 }
let publisher = Publisher(source: arguments[1], url: arguments[2], options: options)
let deadline = Date().addingTimeInterval(seconds)
var previews = 0
var lastSerial = -1
// Takes every preview picture, as a view refreshing at 30 Hz would.
while Date() < deadline && !publisher.status.isFinal {
    if let frame = publisher.currentPreview(), frame.serial != lastSerial {
        lastSerial = frame.serial
        previews += 1
    }
    Thread.sleep(forTimeInterval: 1.0 / 30)
}
let stats = publisher.stats
publisher.stop()
print("status=\(stats.phase) live=\(String(format: "%.1f", stats.liveSeconds)) sent=\(stats.sentFrames) "
    + "dropped=\(stats.droppedFrames) kbps=\(Int(stats.bitsPerSecond / 1000)) previews=\(previews)")
exit(stats.phase == .live ? 0 : 1)
