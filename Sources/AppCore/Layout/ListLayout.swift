import Localization
import Rooms

/// The room list's geometry (W1): rows, header, scrollbar; selection and scrolling kept in view.
public struct ListLayout: Sendable {
    /// Scale and label widths.
    public let metrics: UIMetrics
    /// Where section headers sit: before the room of each index (a live server's section, W8,
    /// a playlist's group, R7); an index equal to the room count puts a header after the last
    /// room. Non-decreasing.
    public let sectionStarts: [Int]
    /// The language's direction: right to left puts each row's badge and text on the right,
    /// its status pill and the scrollbar on the left (X5).
    public let direction: TextDirection
    /// The pixels a notice covers at the bottom of the window (R6): the rows scroll above it.
    public let bottomInset: Int

    /// A row's height and the header's, in unscaled pixels.
    public static let rowHeight = 64
    public static let headerHeight = 64
    /// Outer padding of views, in unscaled pixels.
    public static let padding = 16

    /// Creates the layout for these metrics.
    public init(metrics: UIMetrics, sectionStarts: [Int] = [], direction: TextDirection = .leftToRight, bottomInset: Int = 0) {
        self.metrics = metrics
        self.sectionStarts = sectionStarts
        self.direction = direction
        self.bottomInset = bottomInset
    }

    /// `rect`, laid out left to right in a window `width` wide, placed for the language's direction.
    func placed(_ rect: PixelRect, width: Int) -> PixelRect {
        direction == .rightToLeft ? rect.mirrored(within: width) : rect
    }

    /// The status pill's width: it fits the language's longest status, and is never narrower
    /// than English needs.
    public var pillWidth: Int {
        max(px(116), metrics.widestStatus + px(40))
    }

    /// The parts of a row at `rect` with a pill `pillWidth` wide: the kind badge, the title and
    /// detail lines' box, the status pill.
    public func rowParts(_ rect: PixelRect, width: Int, pillWidth pillW: Int) -> (badge: PixelRect, text: PixelRect, pill: PixelRect) {
        let d = rect.h - px(24)
        let badge = PixelRect(rect.x + px(16), rect.y + px(12), d, d)
        let pillH = px(26)
        let textX = badge.maxX + px(14)
        let text = PixelRect(textX, rect.y, max(0, rect.maxX - textX - pillW - px(24)), rect.h)
        let pill = PixelRect(rect.maxX - pillW - px(16), rect.y + (rect.h - pillH) / 2, pillW, pillH)
        return (placed(badge, width: width), placed(text, width: width), placed(pill, width: width))
    }

    /// The header's parts, each laid out for the language's direction (W1, W11, W12).
    public struct HeaderParts: Hashable, Sendable {
        /// The app's title, its text at the box's leading side.
        public var title: PixelRect
        /// The search field, or the location field while it is open.
        public var field: PixelRect
        /// The "+" button that opens the location field.
        public var add: PixelRect
        /// The room count, its text at the box's trailing side.
        public var count: PixelRect
    }

    /// The header's parts in a window `width` wide, for a title `titleWidth` and a room count
    /// `countWidth` pixels wide: title, field, add button, count from the leading edge; the
    /// field takes what the others leave.
    public func headerParts(width: Int, titleWidth: Int, countWidth: Int) -> HeaderParts {
        let pad = px(Self.padding), gap = px(12), h = px(Self.headerHeight)
        let countW = min(countWidth, max(0, width / 4))
        let titleW = min(titleWidth, max(0, width / 4))
        let title = PixelRect(pad, 0, titleW, h)
        let count = PixelRect(width - pad - countW, 0, countW, h)
        let button = px(Self.fieldHeight)
        let add = PixelRect(count.x - gap - button, (h - button) / 2, button, button)
        let fieldX = title.maxX + gap
        let field = PixelRect(fieldX, (h - button) / 2, max(0, add.x - gap - fieldX), button)
        return HeaderParts(title: placed(title, width: width), field: placed(field, width: width),
                           add: placed(add, width: width), count: placed(count, width: width))
    }

    /// A text field's height, and the add button's side, in unscaled pixels.
    public static let fieldHeight = 36

    /// The slot (row position, headers counted) of room `i`.
    /// - Complexity: O(log *s*) in the sections.
    private func slot(_ i: Int) -> Int { i + headers(atMost: i) }

    /// How many sections start at or before room `i`.
    private func headers(atMost i: Int) -> Int {
        var low = 0, high = sectionStarts.count
        while low < high {
            let middle = (low + high) / 2
            if sectionStarts[middle] <= i { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The slots rooms and headers take together.
    private func slots(rows: Int) -> Int { rows + sectionStarts.count }

    private func px(_ v: Int) -> Int { metrics.px(v) }

    /// The header's height in pixels; rows scroll under it.
    public var headerHeight: Int { px(Self.headerHeight) }

    /// Row `i`'s rectangle in a window `width` wide, scrolled by `scroll`.
    public func rowRect(_ i: Int, scroll: Int, width: Int) -> PixelRect {
        slotRect(slot(i), scroll: scroll, width: width)
    }

    /// Section header `k`'s rectangle (see ``sectionStarts``).
    public func sectionRect(_ k: Int, scroll: Int, width: Int) -> PixelRect {
        slotRect(sectionStarts[k] + k, scroll: scroll, width: width)
    }

    private var slotSpan: Int { px(Self.rowHeight) + px(8) }
    private var slotsTop: Int { px(Self.headerHeight) + px(Self.padding) / 2 }

    private func slotRect(_ slot: Int, scroll: Int, width: Int) -> PixelRect {
        let pad = px(Self.padding)
        return PixelRect(pad, slotsTop + slot * slotSpan - scroll, width - 2 * pad, px(Self.rowHeight))
    }

    /// What a slot holds: a room's row or a section's header.
    public enum SlotContent: Equatable, Sendable {
        case row(Int)
        case section(Int)
    }

    /// What slot `slot` holds, for a list of `rows` rooms; nil past the end.
    /// - Complexity: O(log *s*) in the sections.
    public func content(ofSlot slot: Int, rows: Int) -> SlotContent? {
        guard slot >= 0, slot < slots(rows: rows) else { return nil }
        // The headers before the slot: the k with sectionStarts[k] + k <= slot, a rising sequence.
        var low = 0, high = sectionStarts.count
        while low < high {
            let middle = (low + high) / 2
            if sectionStarts[middle] + middle <= slot { low = middle + 1 } else { high = middle }
        }
        if low > 0, sectionStarts[low - 1] + low - 1 == slot { return .section(low - 1) }
        return .row(slot - low)
    }

    /// The slots at least partly below the header in a window `height` tall, scrolled by `scroll`.
    /// - Complexity: O(1).
    public func visibleSlots(scroll: Int, height: Int, rows: Int) -> Range<Int> {
        let span = slotSpan
        // A slot shows when its bottom is at or below the header and its top at or above the window's bottom.
        let first = max(0, Self.ceilingDivision(headerHeight - px(Self.rowHeight) - slotsTop + scroll, span))
        let last = min(slots(rows: rows) - 1, Self.floorDivision(height - slotsTop + scroll, span))
        return first <= last ? first..<(last + 1) : first..<first
    }

    private static func floorDivision(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    private static func ceilingDivision(_ a: Int, _ b: Int) -> Int { -floorDivision(-a, b) }

    /// The row under a point in window pixels.
    /// - Complexity: O(log *s*) in the sections.
    public func row(at x: Int, _ y: Int, list: ListState, rows: Int, width: Int) -> Int? {
        guard y >= px(Self.headerHeight) else { return nil }
        let offset = y - slotsTop + list.scrollOffset
        guard offset >= 0 else { return nil }
        let slot = offset / slotSpan
        guard case .row(let row) = content(ofSlot: slot, rows: rows),
              rowRect(row, scroll: list.scrollOffset, width: width).contains(x, y) else { return nil }
        return row
    }

    private func contentHeight(rows: Int) -> Int {
        slots(rows: rows) * (px(Self.rowHeight) + px(8)) + px(Self.padding)
    }

    /// The list scrolled by wheel steps, clamped to the content.
    public func scroll(_ list: ListState, by steps: Int, rows: Int, height: Int) -> ListState {
        var list = list
        list.scrollOffset += steps * px(48)
        return clamped(list, rows: rows, height: height)
    }

    /// The list with its selection moved by `delta` and kept in view.
    public func moveSelection(_ list: ListState, by delta: Int, rows: Int, height: Int) -> ListState {
        guard rows > 0 else { return list }
        var list = list
        list.selected = max(0, min(rows - 1, list.selected + delta))
        let rowSpan = px(Self.rowHeight) + px(8)
        // A section's header scrolls into view with its first room.
        let startsSection = headers(atMost: list.selected) > headers(atMost: list.selected - 1)
        let top = (slot(list.selected) - (startsSection ? 1 : 0)) * rowSpan
        let view = height - bottomInset - px(Self.headerHeight) - px(Self.padding)
        if top < list.scrollOffset { list.scrollOffset = top }
        if top + rowSpan > list.scrollOffset + view { list.scrollOffset = top + rowSpan - view }
        return clamped(list, rows: rows, height: height)
    }

    private func clamped(_ list: ListState, rows: Int, height: Int) -> ListState {
        var list = list
        let maxOffset = max(0, contentHeight(rows: rows) - (height - bottomInset - px(Self.headerHeight)))
        list.scrollOffset = max(0, min(maxOffset, list.scrollOffset))
        return list
    }

    /// The scrollbar's thumb, when the rows do not fit.
    public func scrollbar(_ list: ListState, rows: Int, width: Int, height: Int) -> PixelRect? {
        let content = contentHeight(rows: rows)
        let view = height - bottomInset - px(Self.headerHeight)
        guard content > view, view > 0 else { return nil }
        let barH = max(px(24), view * view / content)
        let y = px(Self.headerHeight) + (view - barH) * list.scrollOffset / max(1, content - view)
        return placed(PixelRect(width - px(6), y, px(4), barH), width: width)
    }
}

/// One row of the room list, as shown (W1).
public struct RoomRowModel: Hashable, Sendable {
    /// A room's state as its row's pill names it.
    public enum Status: Hashable, Sendable, CaseIterable {
        case idle, connecting, playing, onAir, floating, reconnecting, ended, error

        /// The style the pill's text is drawn in.
        public static let style = TextStyle(size: 13, bold: true)

        /// The pill's text.
        public var label: String {
            switch self {
            // TRANSLATORS: the status pills of the room list: a short word each.
            case .idle: tr("Idle")
            case .connecting: tr("Connecting")
            case .playing: tr("Playing")
            case .onAir: tr("On air")
            case .floating: tr("Floating")
            case .reconnecting: tr("Reconnecting")
            case .ended: tr("Ended")
            case .error: tr("Error")
            }
        }
    }

    public let id: String
    public let title: String
    public let isCall: Bool
    /// True for a recording (D8): its badge is a film's, not a live stream's.
    public let isRecording: Bool
    /// What the row's second line says, put in words when it is read (``detail``).
    public let about: RowDetail
    public let status: Status
    /// Where the row is drawn.
    public let rect: PixelRect
    /// The kind badge, the box the title and detail lines are aligned in, and the status pill:
    /// left to right, or right to left for a right-to-left language (X5).
    public let badge: PixelRect
    public let text: PixelRect
    public let pill: PixelRect
    public let isSelected: Bool
    public let isHovered: Bool

    /// The row's second line, in the user's language.
    public var detail: String { about.words }
    /// The row's second line as a screen reader is told it (X7), its parts joined by commas.
    public var spokenDetail: String { about.spokenWords }
}

/// What a room's row says under its title. The reducer builds the list's model twice for each
/// event it handles, to compare, and putting a room's kind, size and role in words there (a
/// catalog lookup for each part) was most of that work: a row keeps what it says and words it
/// when it is painted or read.
public enum RowDetail: Hashable, Sendable {
    /// Already in words: a live stream's figures, which change with time (W8).
    case words(String)
    /// A room's kind, its participants (a call of the rooms file), the people in a server's
    /// call (W10), and whether the user hosts it and it may float.
    case room(isCall: Bool, participants: Int?, people: Int?, isHost: Bool, pip: Bool)
    /// An item opened this run (R6): its address as given, or why it opens nothing.
    case item(given: String, refusal: GivenItemRefusal?)

    /// The line in the user's language, its parts joined by middle dots.
    public var words: String { words(joinedBy: " · ") }

    /// The line as a screen reader is told it (X7): its parts joined by commas, where a voice
    /// pauses; it reads a middle dot out as "middle dot".
    public var spokenWords: String { words(joinedBy: ", ") }

    private func words(joinedBy separator: String) -> String {
        switch self {
        case .words(let text): return text.replacingOccurrences(of: " · ", with: separator)
        case .item(let given, let refusal): return refusal?.words ?? given
        case .room(let isCall, let participants, let people, let isHost, let pip):
            var parts = [isCall ? tr("Call") : tr("Live stream")]
            if let people {
                parts.append(people == 0 ? tr("nobody in it yet") : trn("%d in the call", "%d in the call", people))
            } else if let participants {
                parts.append(trn("%d participant", "%d participants", participants))
            }
            parts.append(isHost ? tr("Host") : tr("Audience"))
            if !pip { parts.append(tr("No PiP")) }
            return parts.joined(separator: separator)
        }
    }
}

/// A section header in the room list: a live server's (W8) or a playlist group's (R7).
public struct SectionHeaderModel: Hashable, Sendable {
    /// The server's title, and why it cannot be reached and when it is tried again; or the
    /// group's title, and how many lines its list skipped.
    public let text: String
    /// Whether the server could not be reached at the last refresh.
    public let isUnreachable: Bool
    /// Where the header is drawn.
    public let rect: PixelRect

    /// Creates a header model.
    public init(text: String, isUnreachable: Bool, rect: PixelRect) {
        self.text = text
        self.isUnreachable = isUnreachable
        self.rect = rect
    }
}

/// The main window's list view (W1): the rows on screen, the header and the scrollbar.
public struct ListViewModel: Hashable, Sendable {
    /// The rows at least partly below the header.
    public let rows: [RoomRowModel]
    /// The section headers at least partly below the header: the opened items' and the rooms
    /// file's (R6), the playlists' groups (R7), the live servers' (W8).
    public let sections: [SectionHeaderModel]
    /// The header's height in pixels.
    public let headerHeight: Int
    /// "3 rooms", or "2 of 3 rooms" while a search filters the list.
    public let countLabel: String
    /// The style the count is drawn and measured in.
    public static let countStyle = TextStyle(size: 13)
    /// The header's title box (its text at the leading side) and the count's (at the trailing side).
    public let titleBox: PixelRect
    public let countBox: PixelRect
    /// The language's direction, which decides the leading side of every text box (X5).
    public let direction: TextDirection
    /// Whether there are no rooms at all.
    public let isEmpty: Bool
    /// Whether rooms are listed but the search finds none ("No rooms match").
    public let noneMatch: Bool
    /// The search field, or the location field while it is open, in the header (W11, W12).
    public let field: TextFieldModel
    /// The "+" button that opens the location field (W12).
    public let addButton: PixelRect
    /// Whether the location field is open (the add button shows it pressed).
    public let locationOpen: Bool
    /// The scrollbar's thumb, when the rows do not fit.
    public let scrollbar: PixelRect?
    /// Why the user's rooms file is not the one listed, over the bottom of the list (R6).
    public let notice: ListNotice?
}

/// A notice drawn over the bottom of the list: the user's rooms file does not load (R6).
public struct ListNotice: Hashable, Sendable {
    /// The lines: what it means, then the file's problems with their places.
    public let lines: [String]
    /// Where it is drawn.
    public let rect: PixelRect
    /// A line's height in pixels.
    public let lineHeight: Int

    /// The most problems a notice lists; the rest are counted.
    public static let maximumProblems = 3
    /// The style its lines are drawn in.
    public static let style = TextStyle(size: 13)
}

extension AppState {
    /// Whether a room's row shows a recording (D8), from what the core knows without probing:
    /// once the room's source opened, as that open found it; before, a local file is taken for one.
    func rowIsRecording(_ room: Room) -> Bool {
        if let open = rooms[room.id], open.opens.first.map({ $0 > 0 }) == true { return open.recording != nil }
        if case .live(source: .file) = room.media { return true }
        return false
    }

    /// The list view for the main window's current size at time `now` (a live row's time live).
    /// Only the rows and headers on screen are built: the work is the same for seven rooms and
    /// for a playlist's 100,000.
    public func listViewModel(now: Double) -> ListViewModel {
        let all = shownRooms
        let layout = listLayout(all)
        var rows: [RoomRowModel] = []
        var sections: [SectionHeaderModel] = []
        let pillWidth = layout.pillWidth, scroll = main.list.scrollOffset
        for slot in layout.visibleSlots(scroll: scroll, height: main.height, rows: all.count) {
            switch layout.content(ofSlot: slot, rows: all.count) {
            case .row(let i):
                let room = all[i], rect = layout.rowRect(i, scroll: scroll, width: main.width)
                let parts = layout.rowParts(rect, width: main.width, pillWidth: pillWidth)
                rows.append(RoomRowModel(
                    id: room.id, title: room.title, isCall: room.kind == .call, isRecording: rowIsRecording(room),
                    about: rowDetail(room, now: now),
                    status: rowStatus(room),
                    rect: rect, badge: parts.badge, text: parts.text, pill: parts.pill,
                    isSelected: i == main.list.selected, isHovered: i == main.list.hovered))
            case .section(let k):
                let shown = sectionHeader(all.listed.sections[k].header, now: now)
                sections.append(SectionHeaderModel(text: shown.text, isUnreachable: shown.isUnreachable,
                                                   rect: layout.sectionRect(k, scroll: scroll, width: main.width)))
            case nil: break
            }
        }
        let header = listHeader(shown: all)
        return ListViewModel(
            rows: rows, sections: sections, headerHeight: layout.headerHeight,
            countLabel: header.countLabel, titleBox: header.parts.title, countBox: header.parts.count,
            direction: environment.direction,
            isEmpty: all.listed.isEmpty && all.listed.sections.isEmpty, noneMatch: all.isSearch && all.isEmpty && !all.listed.isEmpty,
            field: fieldModel(in: header.parts.field), addButton: header.parts.add, locationOpen: fields.location != nil,
            scrollbar: layout.scrollbar(main.list, rows: all.count, width: main.width, height: main.height),
            notice: listNotice)
    }

    /// The lines of the list's notice, when there is one: the user's rooms file does not load.
    var listNoticeLines: [String]? {
        guard case .broken(let error, let builtInListed) = userRooms.store else { return nil }
        let messages = error.messages
        var lines = [builtInListed
            ? tr("Your rooms file does not load, so the built-in rooms are listed; nothing is saved to it until it is fixed:")
            : tr("Your rooms file no longer loads, so its rooms as last read are listed; nothing is saved to it until it is fixed:")]
        lines += messages.prefix(ListNotice.maximumProblems)
        if messages.count > ListNotice.maximumProblems {
            lines.append(trn("and %d more problem", "and %d more problems", messages.count - ListNotice.maximumProblems))
        }
        return lines
    }

    /// The pixels the list's notice takes at the bottom of the window, margin included.
    var listNoticeHeight: Int {
        guard let lines = listNoticeLines else { return 0 }
        let m = environment.metrics
        return lines.count * m.px(18) + m.px(20) + m.px(ListLayout.padding)
    }

    private var listNotice: ListNotice? {
        guard let lines = listNoticeLines else { return nil }
        let m = environment.metrics, pad = m.px(ListLayout.padding)
        let h = listNoticeHeight - pad
        return ListNotice(lines: lines, rect: PixelRect(pad, main.height - h - pad / 2, main.width - 2 * pad, h), lineHeight: m.px(18))
    }

    /// The header's count label and parts: "N rooms", or "N of M rooms" while a search filters.
    /// Painting, hit tests and the accessible tree all take the parts from here: the title is
    /// a fixed label the metrics measured, the count as the shell measured it last
    /// (``textToMeasure``), so each part is where it is painted.
    func listHeader(shown: ShownRooms? = nil) -> (countLabel: String, parts: ListLayout.HeaderParts) {
        let shown = shown ?? shownRooms
        let count = Self.countLabel(shown), m = environment.metrics
        let measured = main.countLabel.flatMap { $0.key == count && $0.scale == m.scale ? $0.width : nil }
        let parts = listLayout(shown).headerParts(width: main.width, titleWidth: m.width(UIMetrics.appTitle, UIMetrics.appTitleStyle),
                                                  countWidth: measured ?? m.width(count.text, count.style))
        return (count.text, parts)
    }

    /// The header's room count in its style: "N rooms", or "N of M rooms" while a search filters.
    private static func countLabel(_ shown: ShownRooms) -> UIMetrics.LabelKey {
        countLabel(RoomCount(listed: shown.listed.count, matches: shown.matches?.count))
    }

    /// The header's count label for `count`.
    static func countLabel(_ count: RoomCount) -> UIMetrics.LabelKey {
        let all = count.listed
        let label = count.matches.map { trn("%2$d of %1$d room", "%2$d of %1$d rooms", all, $0) } ?? trn("%d room", "%d rooms", all)
        return UIMetrics.LabelKey(label, ListViewModel.countStyle)
    }

    /// The numbers the header's count label says, counted without making the list.
    var roomCount: RoomCount { RoomCount(listed: listedRoomCount, matches: fields.index.matches?.count) }

    /// The text the shell measures with its fonts, as ``AppEvent/textMeasured(_:width:)``,
    /// before it paints or takes input again: the header's room count while the list shows,
    /// when its text or the scale changed since it was measured; nil when nothing is to measure.
    /// Asked after every event: the label is worded only when the numbers it says changed
    /// since it was measured (``MainState/countLabelCount``).
    public var textToMeasure: UIMetrics.LabelKey? {
        guard case .list = session.mainWindow.content else { return nil }
        let count = roomCount, scale = environment.metrics.scale
        if let measured = main.countLabel, measured.scale == scale, main.countLabelCount == count { return nil }
        let label = Self.countLabel(count)
        guard let measured = main.countLabel, measured.key == label, measured.scale == scale else { return label }
        return nil
    }

    /// The header's field as drawn: the location field while it is open, else the search.
    private func fieldModel(in rect: PixelRect) -> TextFieldModel {
        let name: Fields.Name = fields.location != nil ? .location : .search
        let field = fields.field(name) ?? fields.search
        let placeholder = name == .location ? tr("Stream URL, file or invite link") : tr("Search rooms")
        return TextFieldModel(name: name, rect: rect, field: field, placeholder: placeholder, isFocused: fields.focused == name)
    }

    /// What a room's row says under its title: an opened item's address or why it opens
    /// nothing, a live stream's figures, or the room's kind and role.
    private func rowDetail(_ room: Room, now: Double) -> RowDetail {
        if let item = opened.item(room.id) { return .item(given: item.given, refusal: item.refusal) }
        if let stream = directory.stream(room.id) { return .words(stream.rowDetail(now: now)) }
        return Self.about(room, people: peopleInCall(room))
    }

    private func rowStatus(_ room: Room) -> RoomRowModel.Status {
        if session.floatingRoomID == room.id { return .floating }
        if opened.item(room.id)?.refusal != nil { return .error }
        guard let open = rooms[room.id] else { return .idle }
        switch open.status {
        case .idle: return .idle
        case .connecting, .buffering: return .connecting
        case .playing: return room.role == .host ? .onAir : .playing
        case .reconnecting: return .reconnecting
        case .ended: return .ended
        case .failed: return .error
        }
    }

    /// What a room's row says; `people` is a server call's count of people in it (W8, W10).
    static func about(_ room: Room, people: Int?) -> RowDetail {
        let participants: Int? = if case .call(let list) = room.media { list.count } else { nil }
        return .room(isCall: room.kind == .call, participants: participants, people: people, isHost: room.role == .host,
                     pip: room.pip)
    }
}
