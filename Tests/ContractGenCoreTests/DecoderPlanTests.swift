/// The decoder plan, stage by stage, on a schema written here (expectations derived by hand from
/// docs/schema.md's rules), and the plan's runtime needs against the text each bundled contract
/// emits. No bundled contract or field name appears here.
import XCTest
@testable import ContractGenCore

final class DecoderPlanTests: XCTestCase {
    /// Root `R` holds every composite shape and a lookup map; `E` has a derived field.
    static let schema = """
    contract: plan-test
    doc: Plan test.
    targets:
      swift: {namespace: PlanTest}
      kotlin: {package: dev.plan, object: PlanTest}
      typescript: {module: plan-test}
    version: {field: ver, writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          a: {type: integer, min: 0, max: 10, required: fail-document, doc: A.}
          b: {type: {array: E}, default: [], doc: B.}
          c: {type: {map: string}, non-empty: true, optional: true, json: c-key, doc: C.}
          d: {type: {map: E}, default: {}, doc: D.}
          k: {type: {enum: [x, y]}, default: y, doc: K.}
          again: {type: {array: E}, default: [], doc: Same helper as b.}
          until: {type: epochMillis, optional: true, doc: Until.}
          day: {type: localDate, optional: true, doc: Day.}
      E:
        doc: Element.
        fields:
          id: {type: string, required: drop-element, doc: Id.}
          label: {type: string, derived: {lookup: c, key: id}, doc: Label.}
          n: {type: number, min: 0.5, optional: true, doc: N.}
          on: {type: bool, default: false, doc: On.}
    behaviours:
      done-queue: {type: E, id: id, flag: on, doc: Queue.}
      valid-until: {day: day, doc: Valid until.}
      header: {day: day, doc: Header.}
      staleness: {field: until, doc: Stale.}
      overlay: {type: E, id: id, flag: on, doc: Overlay.}
    observation: {style: wrapped}

    """

    func plan() throws -> DecoderPlan {
        DecoderPlan(try SchemaLoader.load(text: Self.schema, path: "plan-test.yaml"))
    }

    // MARK: Stage 1: objects and slots

    func testSlotsAreTheStoredFieldsWithTheirReadChecksAndPresence() throws {
        let plan = try plan()
        XCTAssertEqual(plan.objects.map(\.name), ["R", "E"])
        XCTAssertTrue(plan.objects[0].isRoot)
        XCTAssertFalse(plan.objects[1].isRoot)
        let root = plan.objects[0]
        XCTAssertEqual(root.slots.map(\.codeName), ["a", "b", "c", "d", "k", "again", "until", "day"])
        XCTAssertEqual(root.slots.map(\.jsonKey), ["a", "b", "c-key", "d", "k", "again", "until", "day"])
        XCTAssertEqual(root.slots.map(\.read.operation), [
            .scalar(.integer), .array(.object("E")), .map(.scalar(.string)), .map(.object("E")),
            .enumeration(["x", "y"]), .array(.object("E")), .scalar(.epochMillis), .scalar(.localDate),
        ])
        XCTAssertEqual(root.slots[0].read.checks, [.atLeast(0, integral: true), .atMost(10, integral: true)])
        XCTAssertEqual(root.slots[2].read.checks, [.nonEmpty(isMap: true)])
        XCTAssertEqual(root.slots.map(\.presence), [
            .failDocument, .defaultValue(.emptyArray), .null, .defaultValue(.emptyMap),
            .defaultValue(.string("y")), .defaultValue(.emptyArray), .null, .null,
        ])
        // Drops are counted in arrays and objects, and in maps of them; never in scalars or maps of scalars.
        XCTAssertEqual(root.slots.map(\.countsDrops), [false, true, false, true, false, true, false, false])
        XCTAssertEqual(root.countedSlots.map(\.codeName), ["b", "d", "again"])
        XCTAssertTrue(root.failsDocument)
        XCTAssertFalse(root.dropsElement)

        let element = plan.objects[1]
        // The derived field is no slot: it is not read from the JSON.
        XCTAssertEqual(element.slots.map(\.codeName), ["id", "n", "on"])
        XCTAssertEqual(element.fields.map(\.name), ["id", "label", "n", "on"])
        XCTAssertEqual(element.slots[1].read.checks, [.atLeast(0.5, integral: false)])
        XCTAssertTrue(element.dropsElement)
        XCTAssertFalse(element.failsDocument)
        XCTAssertEqual(element.countedSlots.count, 0)
    }

    // MARK: Stage 2: composite helpers

    func testCompositeHelpersAreDeduplicatedInFirstUseOrder() throws {
        let plan = try plan()
        XCTAssertEqual(plan.composites.map(\.operation), [.array(.object("E")), .map(.scalar(.string)), .map(.object("E"))])
        XCTAssertEqual(plan.composites.map(\.kind), [.array, .map, .map])
        XCTAssertEqual(plan.composites.map(\.countsInnerDrops), [true, false, true])
        XCTAssertEqual(plan.composites.map(\.elementSpelling), ["E", "string", "E"])
    }

    func testBundledCompositesCoverEveryStoredCompositeExactlyOnce() throws {
        for contract in try TestSupport.loadBundled() {
            let plan = DecoderPlan(contract)
            var used: Set<ReadOperation> = []
            for type in contract.types {
                for field in type.storedFields {
                    switch field.type {
                    case .array, .map: used.insert(ReadOperation(field.type))
                    case .string, .bool, .integer, .number, .localDate, .epochMillis, .dateTime, .enumeration, .object, .union: break
                    }
                }
            }
            let planned = plan.composites.map(\.operation)
            XCTAssertEqual(Set(planned).count, planned.count, "\(contract.name): a helper is planned twice")
            XCTAssertTrue(used.isSubset(of: Set(planned)), "\(contract.name): a stored composite has no helper")
        }
    }

    // MARK: Stage 3: derived fields, lookups, walkers

    func testDerivedFieldsLookupsAndWalkers() throws {
        let plan = try plan()
        XCTAssertEqual(plan.lookups.map(\.name), ["c"])
        XCTAssertEqual(plan.derivations.map(\.typeName), ["E"])
        let lookup = try XCTUnwrap(plan.derivations.first?.lookups.first)
        XCTAssertEqual([lookup.field, lookup.lookupField, lookup.keyField], ["label", "c", "id"])
        XCTAssertFalse(lookup.keyIsNullable, "id is required, so the lookup needs no null check")

        // The overlay's type is the derived type too: one set of walkers, not two.
        XCTAssertEqual(plan.walkers.map(\.target), ["E"])
        let walkers = plan.walkers[0].walkers
        XCTAssertEqual(walkers.map(\.typeName), ["R", "E"])
        XCTAssertEqual(walkers.map(\.updatesSelf), [false, true])
        let steps = walkers[0].steps
        XCTAssertEqual(steps.map(\.field.name), ["b", "d", "again"])
        guard case .array(.object("E")) = steps[0].path, case .map(.object("E"), .object("E")) = steps[1].path else {
            return XCTFail("unexpected walk paths \(steps.map(\.path))")
        }
        XCTAssertTrue(walkers[1].steps.isEmpty)
    }

    // MARK: Stage 4: behaviours

    func testBehavioursComeInOneOrderWhateverTheSchemaOrder() throws {
        let plan = try plan()
        let kinds = plan.behaviours.map { behaviour -> String in
            switch behaviour {
            case .overlay: return "overlay"
            case .staleness(_, let nullable): return "staleness nullable=\(nullable)"
            case .header: return "header"
            case .validUntil: return "validUntil"
            case .doneQueue(_, let nullable): return "doneQueue nullable=\(nullable)"
            case .timeline: return "timeline"
            }
        }
        XCTAssertEqual(kinds, ["overlay", "staleness nullable=true", "header", "validUntil", "doneQueue nullable=false"])
    }

    // MARK: Stage 5: runtime needs

    func testRuntimeNeedsFollowTheSchema() throws {
        let needs = try plan().runtimeNeeds
        let expected: Set<RuntimeNeed> = [
            .scanner, .encoder,
            .constraintCheck, .writeConstraint,               // a's min/max, c's non-empty, n's min
            .write(.integer), .write(.string), .write(.number), .write(.bool), .write(.epochMillis), .write(.localDate),
            .writeEnumeration, .writeArray, .writeMap, .inputMap,
            .dayStart, .validUntil, .doneQueue,
        ]
        XCTAssertEqual(needs, expected)
    }

    /// The imports come from the plan; the identifiers the emitted module uses in code (found by
    /// the scanner that used to decide them) must be exactly those among the runtime's exports.
    func testTypeScriptImportsAreExactlyTheRuntimeNamesTheModuleUses() throws {
        let contracts = try TestSupport.loadBundled() + [try SchemaLoader.load(text: Self.schema, path: "plan-test.yaml")]
        for contract in contracts {
            let file = TypeScriptEmitter().contractFile(contract)
            let imported = TypeScriptRuntimeImports.names(for: DecoderPlan(contract))
            guard let importEnd = file.contents.range(of: "from \"./contract-runtime\";") else {
                return XCTFail("\(contract.name): no runtime import")
            }
            let body = String(file.contents[importEnd.upperBound...])
            let used = TypeScriptNames.runtimeExports.filter(TypeScriptIdentifierScanner.identifiers(in: body).contains).sorted()
            XCTAssertEqual(imported, used, contract.name)
        }
    }
}
