/// A line of text in one style: what a measured width or a drawn texture is kept under.
struct LineKey: Hashable {
    let text: String
    let size: Int32
    let bold: Bool
}
