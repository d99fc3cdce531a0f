import Localization
import Rooms

extension SizeLimit {
    /// Why an input over the limit is refused: "larger than 4 MiB".
    public var exceeded: String { tr("larger than %d MiB", mebibytes) }
}
