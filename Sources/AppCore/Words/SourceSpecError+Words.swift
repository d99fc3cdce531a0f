import Rooms

extension SourceSpecError {
    /// Why the source is refused, as a clause for a longer sentence.
    public var words: String { description }
}
