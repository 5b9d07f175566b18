/// The one drop-accounting scheme every language renders. `dropped` counts array elements that
/// were dropped, but only in values the document keeps:
///
/// - The decode context holds one counter. A decoder that returns nothing (not an object, a
///   `drop-element` field failed) leaves it as it found it. (A scanner failure is fatal: the
///   document is malformed, so what it leaves in the counter never matters.)
/// - A counted slot (an array, an object, a map of them) is read between a mark and a restore:
///   the drops its value added are held apart in `<slot>Dropped`, so a later occurrence of the
///   key replaces them with its own.
/// - Once every presence action has passed (the object is kept), the held drops are added.
/// - An array element that is not valid adds one drop; by the rule above its own inner drops
///   were never added. A map value's drops are held per key, replaced by a later duplicate key,
///   and added when the map is complete.
enum DropAccounting {
    /// The local holding the counter before a read.
    static let mark = "mark"

    /// The local holding a slot's drops apart until its object is kept.
    static func held(_ slot: SlotPlan) -> String { slot.codeName + "Dropped" }

    /// The counter's doc comment in every language's decode context.
    static let counterDoc = [
        "Array elements dropped so far, in values that were kept. A decoder that returns nothing",
        "leaves it as it found it: drops inside a value are held apart until its object is kept.",
    ]

    /// Said where an invalid array element is counted.
    static let droppedElementComment = "one bad row never hides the others; drops inside it do not count"
}
