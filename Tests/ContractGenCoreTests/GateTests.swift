/// The pre-merge gate: drift detection with a diff, hand-written golden checks, and every
/// breaking-change rule tried both ways (breaking without a bump, allowed with one).
import XCTest
@testable import ContractGenCore

final class GateTests: XCTestCase {
    static let base = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          title: {type: string, required: fail-document}
          note: {type: string, optional: true}
          count: {type: integer, min: 0, max: 10, default: 1}
          mode: {type: {enum: [a, b]}, default: a}
          tags: {type: {array: string}, default: []}
    """

    func changes(_ old: String, _ new: String) throws -> [SchemaChange] {
        let a = try SchemaLoader.load(text: old, path: "demo.yaml")
        let b = try SchemaLoader.load(text: new, path: "demo.yaml")
        return SchemaComparison.compare(old: a, new: b)
    }

    func edit(_ old: String, _ new: String, in text: String = GateTests.base) -> String {
        precondition(text.contains(old), old)
        return text.replacingOccurrences(of: old, with: new)
    }

    func bumped(_ text: String) -> String {
        text.replacingOccurrences(of: "writes: 1, accepts: [1]", with: "writes: 2, accepts: [2]")
    }

    /// A bump whose readers still accept v:1 blobs (the bump hole).
    func bumpedStillAccepting(_ text: String) -> String {
        text.replacingOccurrences(of: "writes: 1, accepts: [1]", with: "writes: 2, accepts: [1, 2]")
    }

    /// The rule fires as breaking without a bump, is allowed (not breaking) with a bump whose
    /// readers reject v:1, and stays breaking with a bump whose readers still accept v:1.
    func assertBreaking(_ rule: SchemaChange.Rule, _ changed: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try changes(Self.base, changed)
        XCTAssertTrue(found.contains { $0.rule == rule && $0.isBreaking }, "\(rule) not breaking: \(found.map(\.message))", file: file, line: line)
        let withBump = try changes(Self.base, bumped(changed))
        XCTAssertTrue(withBump.contains { $0.rule == rule && !$0.isBreaking }, "\(rule) with a bump: \(withBump.map(\.message))", file: file, line: line)
        XCTAssertFalse(withBump.contains(where: \.isBreaking), "bump should allow: \(withBump.map(\.message))", file: file, line: line)
        let stillAccepting = try changes(Self.base, bumpedStillAccepting(changed))
        let hole = stillAccepting.first { $0.rule == rule }
        XCTAssertEqual(hole?.isBreaking, true, "\(rule) with v:1 still accepted: \(stillAccepting.map(\.message))", file: file, line: line)
        XCTAssertTrue(hole?.message.contains("although v was bumped to 2: the new readers still accept v:1 blobs") ?? false, hole?.message ?? "", file: file, line: line)
    }

    func assertNotBreaking(_ rule: SchemaChange.Rule, _ changed: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try changes(Self.base, changed)
        XCTAssertTrue(found.contains { $0.rule == rule }, "\(rule) not reported: \(found.map(\.message))", file: file, line: line)
        XCTAssertFalse(found.contains(where: \.isBreaking), "\(found.map(\.message))", file: file, line: line)
    }

    func testNoChangeNoFindings() throws { XCTAssertEqual(try changes(Self.base, Self.base), []) }
    func testFieldRemoved() throws { try assertBreaking(.fieldRemoved, edit("      note: {type: string, optional: true}\n", "")) }
    func testFieldRenamedIsARemoval() throws {
        let found = try changes(Self.base, edit("note:", "notes:"))
        let removal = try XCTUnwrap(found.first { $0.rule == .fieldRemoved })
        XCTAssertEqual(removal.location?.line, 8)
        XCTAssertTrue(removal.message.contains("field 'note' of Doc removed (renamed to 'notes'? a rename is a removal to old writers; keep the key with json: 'note') without bumping v"), removal.message)
    }
    /// A rename is only guessed for a similar name of the same type; `note` → `remark` and
    /// `note` → `url` are unrelated names, `note` → `notes` of another type is not a rename.
    func testRenameGuessNeedsASimilarNameAndTheSameType() throws {
        for replacement in ["remark:", "url:"] {
            let removal = try XCTUnwrap(try changes(Self.base, edit("note:", replacement)).first { $0.rule == .fieldRemoved })
            XCTAssertTrue(removal.message.hasPrefix("field 'note' of Doc removed without bumping v"), removal.message)
            XCTAssertFalse(removal.message.contains("renamed"), removal.message)
        }
        let retyped = try changes(Self.base, edit("note: {type: string", "notes: {type: integer"))
        XCTAssertFalse(try XCTUnwrap(retyped.first { $0.rule == .fieldRemoved }).message.contains("renamed"))
        XCTAssertNotNil(RenameGuess.similarity("isDone", "done"))
        XCTAssertNotNil(RenameGuess.similarity("color", "colour"))
        XCTAssertNil(RenameGuess.similarity("color", "url"))
        XCTAssertNil(RenameGuess.similarity("title", "name"))
    }
    func testTypeChanged() throws { try assertBreaking(.fieldTypeChanged, edit("note: {type: string", "note: {type: integer")) }
    func testOptionalMadeRequired() throws { try assertBreaking(.fieldMadeRequired, edit("note: {type: string, optional: true}", "note: {type: string, required: fail-document}")) }
    func testRequiredFieldAdded() throws { try assertBreaking(.requiredFieldAdded, Self.base + "\n      extra: {type: bool, required: fail-document}") }
    func testOptionalFieldAddedIsNotBreaking() throws { try assertNotBreaking(.optionalFieldAdded, Self.base + "\n      extra: {type: bool, optional: true}") }
    func testDefaultChanged() throws { try assertBreaking(.defaultChanged, edit("default: 1}", "default: 2}")) }
    func testDegradePolicyChanged() throws { try assertBreaking(.degradePolicyChanged, edit("note: {type: string, optional: true}", "note: {type: string, default: x}")) }
    func testMinRaisedIsNarrowing() throws { try assertBreaking(.constraintNarrowed, edit("min: 0", "min: 1")) }
    func testMaxLoweredIsNarrowing() throws { try assertBreaking(.constraintNarrowed, edit("max: 10", "max: 5")) }
    func testNonEmptyAddedIsNarrowing() throws { try assertBreaking(.constraintNarrowed, edit("note: {type: string,", "note: {type: string, non-empty: true,")) }
    func testMaxRaisedIsWidening() throws { try assertNotBreaking(.constraintWidened, edit("max: 10", "max: 20")) }
    func testMinDroppedIsWidening() throws { try assertNotBreaking(.constraintWidened, edit("min: 0, ", "")) }

    // Length and size limits: tightening is breaking (an old writer's value is now rejected),
    // loosening is not.
    func testMaxLengthAddedIsNarrowing() throws {
        try assertBreaking(.constraintNarrowed, edit("note: {type: string,", "note: {type: string, max-length: 40,"))
        let found = try changes(Self.base, edit("note: {type: string,", "note: {type: string, max-length: 40,"))
        XCTAssertTrue(found.contains { $0.message.hasPrefix("field 'note' of Doc: max-length changed from none to 40 without bumping v") }, "\(found.map(\.message))")
    }
    func testMinLengthAddedIsNarrowing() throws { try assertBreaking(.constraintNarrowed, edit("note: {type: string,", "note: {type: string, min-length: 2,")) }
    func testMaxItemsAddedIsNarrowing() throws { try assertBreaking(.constraintNarrowed, edit("tags: {type: {array: string},", "tags: {type: {array: string}, max-items: 5,")) }

    /// The base with limits on `note` and on `tags` (made optional: `default: []` would contradict a `min-items`).
    func limited(_ note: String, _ tags: String) -> String {
        edit("tags: {type: {array: string}, default: []}", "tags: {type: {array: string}, \(tags), optional: true}",
             in: edit("note: {type: string,", "note: {type: string, \(note),"))
    }

    func testLimitsTightenedAreBreakingLoosenedAreNot() throws {
        let old = limited("min-length: 2, max-length: 40", "min-items: 0, max-items: 5")
        for tighter in [limited("min-length: 3, max-length: 40", "min-items: 0, max-items: 5"),
                        limited("min-length: 2, max-length: 39", "min-items: 0, max-items: 5"),
                        limited("min-length: 2, max-length: 40", "min-items: 1, max-items: 5"),
                        limited("min-length: 2, max-length: 40", "min-items: 0, max-items: 4")] {
            let found = try changes(old, tighter)
            XCTAssertEqual(found.map(\.rule), [.constraintNarrowed], "\(found.map(\.message))")
            XCTAssertEqual(found.first?.isBreaking, true)
            XCTAssertFalse(try changes(old, bumped(tighter)).contains(where: \.isBreaking))
        }
        for looser in [limited("min-length: 1, max-length: 40", "min-items: 0, max-items: 5"),
                       limited("min-length: 2, max-length: 41", "min-items: 0, max-items: 5"),
                       limited("min-length: 2, max-length: 40", "max-items: 5"),
                       limited("min-length: 2", "min-items: 0, max-items: 6")] {
            let found = try changes(old, looser)
            XCTAssertFalse(found.isEmpty)
            XCTAssertTrue(found.allSatisfy { $0.rule == .constraintWidened && !$0.isBreaking }, "\(found.map(\.message))")
        }
        // Dropping min-items: 0 changes nothing a reader accepts, but is reported as what it is.
        XCTAssertEqual(try changes(old, limited("min-length: 2, max-length: 40", "max-items: 5")).first?.message,
                       "field 'tags' of Doc: min-items changed from 0 to none")
    }
    func testEnumValueRemoved() throws { try assertBreaking(.enumValueRemoved, edit("[a, b]", "[a]")) }
    func testEnumValueAddedIsNotBreaking() throws { try assertNotBreaking(.enumValueAdded, edit("[a, b]", "[a, b, c]")) }
    func testEnumUnknownRemoved() throws {
        let open = edit("{enum: [a, b]}", "{enum: [a, b], unknown: b}")
        let found = try changes(open, Self.base)
        XCTAssertTrue(found.contains { $0.rule == .enumUnknownRemoved && $0.isBreaking }, "\(found.map(\.message))")
        XCTAssertEqual(found.first { $0.rule == .enumUnknownRemoved }?.location?.line, 10)
        XCTAssertFalse(try changes(open, bumped(Self.base)).contains(where: \.isBreaking))
    }
    func testEnumUnknownChanged() throws {
        let open = edit("{enum: [a, b]}", "{enum: [a, b], unknown: b}")
        let found = try changes(open, edit("{enum: [a, b]}", "{enum: [a, b], unknown: a}"))
        XCTAssertEqual(found.map(\.rule), [.enumUnknownChanged])
        XCTAssertTrue(found[0].isBreaking)
        XCTAssertTrue(found[0].message.contains("'unknown' changed from b to a"), found[0].message)
    }
    func testEnumUnknownAddedIsNotBreaking() throws { try assertNotBreaking(.enumUnknownAdded, edit("{enum: [a, b]}", "{enum: [a, b], unknown: b}")) }
    /// A value added to an open enum is what old readers read as the fallback: not breaking, as for a closed enum.
    func testEnumValueAddedToAnOpenEnumIsNotBreaking() throws {
        let open = edit("{enum: [a, b]}", "{enum: [a, b], unknown: b}")
        let found = try changes(open, edit("{enum: [a, b]}", "{enum: [a, b, c], unknown: b}"))
        XCTAssertEqual(found.map(\.rule), [.enumValueAdded])
        XCTAssertFalse(found[0].isBreaking)
    }
    /// An enum inside arrays or maps is compared like a field's own enum, and the message says where it sits.
    func testEnumInsideCollectionsComparedByValues() throws {
        let nested = edit("tags: {type: {array: string}, default: []}", "tags: {type: {array: {map: {enum: [x, y]}}}, optional: true}")
        let removed = try changes(nested, edit("[x, y]", "[x]", in: nested))
        XCTAssertEqual(removed.map(\.rule), [.enumValueRemoved])
        XCTAssertTrue(removed[0].isBreaking)
        XCTAssertTrue(removed[0].message.contains("field 'tags' of Doc (elements' values): enum value(s) [\"y\"] removed"), removed[0].message)
        let opened = try changes(nested, edit("[x, y]", "[x, y, z], unknown: z", in: nested))
        XCTAssertEqual(Set(opened.map(\.rule)), [.enumValueAdded, .enumUnknownAdded])
        XCTAssertFalse(opened.contains(where: \.isBreaking))
        // A different container around the enum is a type change.
        let moved = try changes(nested, edit("{array: {map: {enum: [x, y]}}}", "{map: {array: {enum: [x, y]}}}", in: nested))
        XCTAssertEqual(moved.map(\.rule), [.fieldTypeChanged])
    }
    func testVersionGateWidenedWithoutBump() throws {
        let found = try changes(Self.base, edit("accepts: [1]", "accepts: [1, 2]"))
        XCTAssertTrue(found.contains { $0.rule == .versionGateChanged && $0.isBreaking })
    }
    func testBumpThatOldReadersStillAcceptIsBreaking() throws {
        let old = edit("accepts: [1]", "accepts: [1, 2]")
        let new = old.replacingOccurrences(of: "writes: 1, accepts: [1, 2]", with: "writes: 2, accepts: [2]")
        let found = try changes(old, new)
        XCTAssertTrue(found.contains { $0.rule == .bumpStillAccepted && $0.isBreaking }, "\(found.map(\.message))")
    }
    /// The bump hole: with `writes: 2, accepts: [1, 2]` the new readers still read v:1 blobs,
    /// now by the v:2 rules, so lowering a max is breaking although v was bumped.
    func testBumpWhoseReadersStillAcceptTheOldVersionExcusesNothing() throws {
        let found = try changes(Self.base, bumpedStillAccepting(edit("max: 10", "max: 5")))
        let narrowed = try XCTUnwrap(found.first { $0.rule == .constraintNarrowed })
        XCTAssertTrue(narrowed.isBreaking, narrowed.message)
        XCTAssertTrue(found.contains { $0.rule == .versionBumped && $0.message.contains("still accept v:1") }, "\(found.map(\.message))")
        // The same bump with nothing else breaking is fine: widening `accepts` is part of it.
        let plain = try changes(Self.base, bumpedStillAccepting(Self.base + "\n      extra: {type: bool, optional: true}"))
        XCTAssertFalse(plain.contains(where: \.isBreaking), "\(plain.map(\.message))")
        XCTAssertTrue(plain.contains { $0.rule == .versionGateChanged && !$0.isBreaking })
        // Old blobs may carry any version the old readers accepted, not only the one they wrote.
        let older = edit("writes: 1, accepts: [1]", "writes: 1, accepts: [1, 3]")
        let keepsThree = try changes(older, edit("writes: 1, accepts: [1]", "writes: 2, accepts: [2, 3]", in: edit("max: 10", "max: 5")))
        XCTAssertEqual(keepsThree.first { $0.rule == .constraintNarrowed }?.isBreaking, true, "\(keepsThree.map(\.message))")
    }
    func testStorageKeyChangeIsBreakingEvenWithABump() throws {
        let keyed = "storage-key: demo_blob\n" + Self.base
        for changed in [edit("demo_blob", "demo_blob_2", in: keyed), bumped(edit("demo_blob", "demo_blob_2", in: keyed)),
                        edit("storage-key: demo_blob\n", "", in: keyed)] {
            let found = try changes(keyed, changed)
            let change = try XCTUnwrap(found.first { $0.rule == .storageKeyChanged }, "\(found.map(\.message))")
            XCTAssertTrue(change.isBreaking, change.message)
        }
        let added = try changes(Self.base, keyed)
        XCTAssertEqual(added.map(\.rule), [.storageKeyAdded])
        XCTAssertFalse(added[0].isBreaking)
    }
    func testTargetsAndObservationChangesAreNotes() throws {
        let found = try changes(Self.base, "targets:\n  swift: {namespace: Other}\n" + Self.base)
        XCTAssertEqual(found.map(\.rule), [.targetsChanged])
        XCTAssertFalse(found[0].isBreaking)
    }
    func testNoRationaleNamesABundledContract() {
        for (rule, text) in SchemaComparison.rationale {
            for word in ["projects", "widget-data", "todo-count", "tasks", "projectId"] { XCTAssertFalse(text.contains(word), "\(rule): \(text)") }
        }
    }
    func testDocumentationChangeIsNotBreaking() throws { try assertNotBreaking(.documentationChanged, edit("note: {type: string, optional: true}", "note: {type: string, optional: true, doc: hello}")) }
    func testDeprecatingAndUndeprecatingAreNotes() throws {
        let deprecated = edit("note: {type: string, optional: true}", "note: {type: string, optional: true, deprecated: use title}")
        try assertNotBreaking(.fieldDeprecated, deprecated)
        let found = try changes(Self.base, deprecated)
        XCTAssertEqual(found.map(\.rule), [.fieldDeprecated])
        XCTAssertEqual(found.first?.message, "field 'note' of Doc deprecated (the field is read exactly as before; only app code using it is now warned)")
        XCTAssertEqual(found.first?.location?.description, "demo.yaml:8:7")
        let undone = try changes(deprecated, Self.base)
        XCTAssertEqual(undone.map(\.rule), [.fieldUndeprecated])
        XCTAssertFalse(undone.contains(where: \.isBreaking))
        let reworded = try changes(deprecated, edit("use title", "use the title", in: deprecated))
        XCTAssertEqual(reworded.map(\.rule), [.documentationChanged])
        XCTAssertEqual(reworded.first?.message, "field 'note' of Doc: deprecation reason changed")
    }

    func testExplicitNullAddedOrRemovedIsBreaking() throws {
        let explicit = edit("note: {type: string, optional: true}", "note: {type: string, optional: true, explicit-null: true}")
        try assertBreaking(.explicitNullChanged, explicit)
        let removed = try changes(explicit, Self.base)
        XCTAssertEqual(removed.map(\.rule), [.explicitNullChanged])
        XCTAssertTrue(removed[0].isBreaking)
        XCTAssertTrue(removed[0].message.hasPrefix("field 'note' of Doc: 'explicit-null' removed"), removed[0].message)
    }

    /// Blobs carry no type names: renaming a type where the same keys hold it is a note, and what
    /// is inside it is still compared field by field.
    func testTypeRenamesAreNotesAndTheirFieldsAreStillCompared() throws {
        let nested = Self.base + "\n      items: {type: {array: Item}, default: []}\n  Item:\n    fields:\n      id: {type: string, required: drop-element}\n"
        let renamed = nested.replacingOccurrences(of: "Item", with: "Row")
        let found = try changes(nested, renamed)
        XCTAssertEqual(found.map(\.rule), [.typeRenamed], "\(found.map(\.message))")
        XCTAssertFalse(found[0].isBreaking)
        XCTAssertEqual(found[0].message, "type 'Item' is now named 'Row' (blobs carry no type names, so every blob reads the same; app code naming the type must follow)")
        let rootRenamed = try changes(Self.base, Self.base.replacingOccurrences(of: "Doc", with: "Document"))
        XCTAssertEqual(rootRenamed.map(\.rule), [.typeRenamed], "\(rootRenamed.map(\.message))")
        let changedInside = try changes(nested, renamed.replacingOccurrences(of: "id: {type: string, required: drop-element}", with: "id: {type: integer, required: drop-element}"))
        XCTAssertEqual(Set(changedInside.map(\.rule)), [.typeRenamed, .fieldTypeChanged], "\(changedInside.map(\.message))")
        // Where the new name already existed in the base, it is another type, not a rename.
        let twoTypes = nested.replacingOccurrences(of: "default: []}\n  Item:", with: "default: []}\n      other: {type: Row, optional: true}\n  Item:")
            + "  Row:\n    fields:\n      id: {type: integer, optional: true}\n"
        let swapped = twoTypes.replacingOccurrences(of: "{array: Item}", with: "{array: Row}").replacingOccurrences(of: "{type: Row, optional", with: "{type: Item, optional")
        let retargeted = try changes(twoTypes, swapped)
        XCTAssertTrue(retargeted.contains { $0.rule == .fieldTypeChanged && $0.isBreaking }, "\(retargeted.map(\.message))")
    }

    // MARK: Exact text: keys, values and tags compare code unit by code unit

    /// U+212A KELVIN SIGN is canonically equivalent to `K`: Swift's `==` calls the two equal,
    /// every decoder tells them apart. Each spot where the gate compares blob text must too.
    func testCanonicallyEquivalentRespellingsAreChanges() throws {
        let kelvin = "\u{212A}"
        let text = """
        contract: demo
        storage-key: blob_K
        version: {field: K, writes: 1, accepts: [1]}
        root: Doc
        types:
          Doc:
            reserved: [oldK]
            fields:
              title: {type: string, json: titleK, optional: true}
              mode: {type: {enum: [K, b], unknown: K}, default: K}
              label: {type: string, default: K}
              parts: {type: {array: Part}, default: []}
          Part:
            union:
              tag: kind
              tag-json: K
              variants: {K: Text}
              unknown: K
          Text:
            fields:
              body: {type: string, required: drop-element}
        """
        XCTAssertEqual(try changes(text, text), [])
        func respelled(_ old: String, _ new: String) throws -> [SchemaChange] {
            try changes(text, edit(old, new.replacingOccurrences(of: "K", with: kelvin), in: text))
        }
        XCTAssertEqual(try respelled("storage-key: blob_K", "storage-key: blob_K").map(\.rule), [.storageKeyChanged])
        XCTAssertTrue(try respelled("field: K,", "field: K,").contains { $0.rule == .versionGateChanged && $0.isBreaking })
        XCTAssertEqual(try respelled("json: titleK", "json: titleK").map(\.rule), [.fieldRemoved, .optionalFieldAdded])
        // (Enum values are ASCII letters, digits, - and _: none has a canonical twin.)
        XCTAssertEqual(try respelled("{type: string, default: K}", "{type: string, default: K}").map(\.rule), [.defaultChanged])
        XCTAssertEqual(try respelled("tag-json: K", "tag-json: K").map(\.rule), [.unionTagChanged])
        // (Union tags are ASCII too.)
        XCTAssertEqual(Set(try respelled("reserved: [oldK]", "reserved: [oldK]").map(\.rule)), [.reservedRemoved, .reservedAdded])
    }

    // MARK: Behaviours and derivations by the JSON keys they read

    func testStalenessHeaderAndValidUntilAreComparedByJSONKey() throws {
        let text = """
        contract: demo
        version: {field: v, writes: 1, accepts: [1]}
        root: Doc
        types:
          Doc:
            fields:
              until: {type: epochMillis, optional: true}
              later: {type: epochMillis, optional: true}
              day: {type: localDate, optional: true}
              other: {type: localDate, optional: true}
        behaviours:
          staleness: {field: until}
          header: {day: day}
          valid-until: {day: day}
        """
        let swappedInstants = edit("until: {type: epochMillis, optional: true}\n      later: {type: epochMillis, optional: true}",
                                   "until: {type: epochMillis, json: later, optional: true}\n      later: {type: epochMillis, json: until, optional: true}", in: text)
        let instants = try changes(text, swappedInstants)
        XCTAssertEqual(instants.filter(\.isBreaking).map(\.message), ["staleness changed from until (JSON key 'until') to until (JSON key 'later') without bumping v (widgets built from each schema would decide staleness, header or queue differently)"])
        let swappedDays = edit("day: {type: localDate, optional: true}\n      other: {type: localDate, optional: true}",
                               "day: {type: localDate, json: other, optional: true}\n      other: {type: localDate, json: day, optional: true}", in: text)
        let days = try changes(text, swappedDays).filter(\.isBreaking)
        XCTAssertEqual(days.map(\.rule), [.behaviourChanged, .behaviourChanged], "\(days.map(\.message))")
        guard days.count == 2 else { return }
        XCTAssertTrue(days[0].message.hasPrefix("header day changed from day (JSON key 'day') to day (JSON key 'other')"), days[0].message)
        XCTAssertTrue(days[1].message.hasPrefix("valid-until day changed from day (JSON key 'day') to day (JSON key 'other')"), days[1].message)
        // Another code name over the same key, the binding following it: no behaviour change.
        let renamed = edit("until: {type: epochMillis,", "deadline: {type: epochMillis, json: until,", in: text)
            .replacingOccurrences(of: "staleness: {field: until}", with: "staleness: {field: deadline}")
        XCTAssertEqual(try changes(text, renamed).map(\.rule), [.codeNameChanged])
    }

    // MARK: Union renames

    func testUnionAndVariantTypeRenamesAreNotes() throws {
        let text = """
        contract: demo
        version: {field: v, writes: 1, accepts: [1]}
        root: Doc
        types:
          Doc:
            fields:
              parts: {type: {map: Part}, default: {}}
              main: {type: Part, optional: true}
              picture: {type: Image, optional: true}
          Part:
            union:
              tag: kind
              variants: {text: Text, image: Image}
              unknown: text
          Text:
            fields:
              body: {type: string, required: drop-element}
          Image:
            fields:
              url: {type: string, required: drop-element}
        """
        let union = try changes(text, text.replacingOccurrences(of: "Part", with: "Piece"))
        XCTAssertEqual(union.map(\.rule), [.typeRenamed], "\(union.map(\.message))")
        XCTAssertEqual(union.first?.message, "union 'Part' is now named 'Piece' (blobs carry no type names, so every blob reads the same; app code naming the type must follow)")
        let variant = try changes(text, text.replacingOccurrences(of: "Image", with: "Picture"))
        XCTAssertEqual(variant.map(\.rule), [.typeRenamed], "\(variant.map(\.message))")
        XCTAssertFalse(variant.contains(where: \.isBreaking))
        // A variant pointed at another existing type is still breaking.
        let retargeted = try changes(text, text.replacingOccurrences(of: "image: Image", with: "image: Text"))
        XCTAssertTrue(retargeted.contains { $0.rule == .unionVariantTypeChanged && $0.isBreaking }, "\(retargeted.map(\.message))")
    }

    // MARK: Defaults compared as JSON values

    func testAnIntegerDefaultKeptAsTheSameNumberIsNoDefaultChange() throws {
        let found = try changes(Self.base, edit("count: {type: integer, min: 0, max: 10, default: 1}", "count: {type: number, min: 0, max: 10, default: 1.0}"))
        XCTAssertEqual(found.map(\.rule), [.fieldTypeChanged], "\(found.map(\.message))")
        let zero = Self.base.replacingOccurrences(of: "default: 1}", with: "default: 0}")
        let fromZero = try changes(zero, edit("count: {type: integer, min: 0, max: 10, default: 0}", "count: {type: number, min: 0, max: 10, default: 0}", in: zero))
        XCTAssertEqual(fromZero.map(\.rule), [.fieldTypeChanged], "\(fromZero.map(\.message))")
        // A different number is still a different default.
        let other = try changes(zero, edit("count: {type: integer, min: 0, max: 10, default: 0}", "count: {type: number, min: 0, max: 10, default: 0.5}", in: zero))
        XCTAssertEqual(Set(other.map(\.rule)), [.fieldTypeChanged, .defaultChanged], "\(other.map(\.message))")
    }

    func testEveryRuleHasARationale() {
        for rule in SchemaChange.Rule.allCases { XCTAssertNotNil(SchemaComparison.rationale[rule], rule.rawValue) }
    }

    // MARK: End to end, in a scratch git repository

    func shell(_ command: String, in directory: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A scratch repository holding the bundled schema, generated files and goldens, committed.
    func scratchRepository() throws -> String {
        let directory = TestSupport.temporaryDirectory()
        for item in ["schema", "generated", "golden"] {
            try FileManager.default.copyItem(atPath: TestSupport.root + "/" + item, toPath: directory + "/" + item)
        }
        XCTAssertEqual(shell("git init -q && git add -A && git -c user.email=t@t -c user.name=t commit -qm base", in: directory), 0)
        return directory
    }

    func testCheckPassesOnACleanTreeAndFailsWithADiffAfterAHandEdit() throws {
        let repository = try scratchRepository()
        let clean = TestSupport.run(["check"], root: repository)
        XCTAssertEqual(clean.status, 0, clean.out + clean.err)
        let path = repository + "/generated/kotlin/dev/contractgen/widget/WidgetData.kt"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "ACCEPTED_VERSIONS", with: "ACCEPTED_VERSIONZ").write(toFile: path, atomically: true, encoding: .utf8)
        let edited = TestSupport.run(["check", "--format", "github", "--diff"], root: repository)
        XCTAssertEqual(edited.status, 1)
        XCTAssertTrue(edited.out.contains("stale: generated/kotlin/dev/contractgen/widget/WidgetData.kt"), edited.out)
        XCTAssertTrue(edited.out.contains("+++ b/generated/kotlin/dev/contractgen/widget/WidgetData.kt (generated)"), edited.out)
        XCTAssertTrue(edited.out.hasSuffix("check: 1 stale generated file\n"), edited.out)
        let brief = TestSupport.run(["check"], root: repository)
        XCTAssertEqual(brief.status, 1)
        XCTAssertFalse(brief.out.contains("+++ b/"), brief.out)
        XCTAssertTrue(edited.out.contains("::error file=generated/kotlin/dev/contractgen/widget/WidgetData.kt,line="), edited.out)
    }

    func testCheckFlagsAHandWrittenGoldenWithAnUnknownOp() throws {
        let repository = try scratchRepository()
        try #"{"case":"bad-op","contract":"widget-data","op":"explode","given":{},"expect":null}"#
            .write(toFile: repository + "/golden/widget-data/bad-op.json", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["check"], root: repository)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains("golden/widget-data/bad-op.json:1:1: error: names op 'explode'"), result.out)
    }

    func testCheckBaseFlagsARenameAndAcceptsAnOptionalField() throws {
        let repository = try scratchRepository()
        let schemaPath = repository + "/schema/widget-data.yaml"
        let original = try String(contentsOfFile: schemaPath, encoding: .utf8)
        // Rename Task.isDone → Task.done (and regenerate, so only the base comparison can fail).
        let renamed = original.replacingOccurrences(of: "      isDone:\n", with: "      done:\n")
            .replacingOccurrences(of: "flag: isDone", with: "flag: done")
        try renamed.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: repository).status, 0)
        let broken = TestSupport.run(["check", "--base", "HEAD"], root: repository)
        XCTAssertEqual(broken.status, 1, broken.out)
        let line = renamed.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "      done:" }! + 1
        XCTAssertTrue(broken.out.contains("schema/widget-data.yaml:\(line):7: error: field 'isDone' of TaskRow removed (renamed to 'done'?"), broken.out)

        // Adding an optional field instead is fine.
        let added = original.replacingOccurrences(of: "  TaskRow:\n    doc: One task row.\n    fields:\n",
                                                  with: "  TaskRow:\n    doc: One task row.\n    fields:\n      note:\n        type: string\n        optional: true\n")
        XCTAssertNotEqual(added, original)
        try added.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: repository).status, 0)
        let fine = TestSupport.run(["check", "--base", "HEAD"], root: repository)
        XCTAssertTrue(fine.out.contains("field 'note' added to TaskRow"), fine.out)
        // Not breaking; but every hand-written decode case observing a Task now lacks `note`, and
        // one that restates its sample's blob expects the sample's new value (conform would fail
        // them): check names each as a case to revisit, and nothing else.
        let errors = fine.out.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertFalse(errors.isEmpty, fine.out)
        XCTAssertTrue(errors.allSatisfy {
            ($0.contains("case to revisit: expect $.") && $0.contains(".note: missing, but the schema observes it"))
                || ($0.contains("case to revisit: expect $.") && $0.contains(".note: \"TaskRow.note\", but the blob holds no key 'note', which reads as null"))
                || $0.contains("case to revisit: and ")  // more than 5 in one case: the rest counted
        }, fine.out)
        // --fix-cases rewrites them (GateFixCasesTests checks what it writes).
        let fixed = TestSupport.run(["check", "--base", "HEAD", "--fix-cases"], root: repository)
        XCTAssertEqual(fixed.status, 0, fixed.out)
    }

    // MARK: JSON keys

    func testNewCodeNameOverTheSameJSONKeyIsNotBreaking() throws {
        try assertNotBreaking(.codeNameChanged, edit("note: {type: string, optional: true}", "remark: {type: string, json: note, optional: true}"))
    }

    func testChangingAFieldsJSONKeyIsARemoval() throws {
        try assertBreaking(.fieldRemoved, edit("note: {type: string, optional: true}", "note: {type: string, json: remark, optional: true}"))
        let found = try changes(Self.base, edit("note: {type: string, optional: true}", "note: {type: string, json: remark, optional: true}"))
        let removal = try XCTUnwrap(found.first { $0.rule == .fieldRemoved })
        XCTAssertTrue(removal.message.contains("its JSON key changed from 'note' to 'remark'; blobs still carry the old key"), removal.message)
    }

    func testSpellingTheDefaultKeyIsNoChange() throws {
        XCTAssertEqual(try changes(Self.base, edit("note: {type: string, optional: true}", "note: {type: string, json: note, optional: true}")), [])
    }

    func testDuplicateCaseNamesAcrossDirectoriesAreFlagged() throws {
        let root = TestSupport.temporaryDirectory()
        let contracts = try TestSupport.loadBundled()
        let owner = contracts[0].name, other = contracts[1].name
        let text = #"{"case":"same-name","about":"x","contract":"\#(owner)","op":"decode","given":{"blob":"{}"},"expect":{"status":"malformed"}}"#
        for directory in [owner, other] {
            try FileManager.default.createDirectory(atPath: "\(root)/golden/\(directory)", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(root)/golden/\(directory)/same-name.json"))
        }
        let findings = ContractGate(root: root).handWrittenGoldenFindings(contracts)
        let duplicate = findings.filter { $0.text.contains("duplicate case name 'same-name' in contract '\(owner)'") }
        XCTAssertEqual(duplicate.count, 1, findings.map(\.text).joined(separator: "\n"))
        XCTAssertTrue(duplicate.first?.text.hasPrefix("golden/") ?? false, duplicate.first?.text ?? "")
    }
}
