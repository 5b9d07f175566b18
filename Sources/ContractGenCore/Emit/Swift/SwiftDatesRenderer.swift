/// Swift `Date` accessors for `epochMillis` fields (DateAccessors), in extensions after the
/// namespace so the structs' stored properties, memberwise initialisers and Equatable stay as the
/// schema declares them.
extension SwiftContractWriter {
    func dateAccessors(_ p: inout CodePrinter) {
        let ns = contract.targets.swiftNamespace
        for type in contract.types {
            let fields = DateAccessors.fields(of: type)
            guard !fields.isEmpty else { continue }
            p.line()
            p.block("extension \(ns).\(type.name) {") { p in
                for (index, field) in fields.enumerated() {
                    if index > 0 { p.line() }
                    let date = "Date(timeIntervalSince1970: Double($0) / 1000)"
                    if ObjectPlan.isNullable(field) {
                        p.line("/// `\(field.name)` as a `Date` (nil when it is nil); computed from the stored milliseconds.")
                        p.line("public var \(DateAccessors.name(field)): Date? { \(field.name).map { \(date) } }")
                    } else {
                        p.line("/// `\(field.name)` as a `Date`; computed from the stored milliseconds.")
                        p.line("public var \(DateAccessors.name(field)): Date { Date(timeIntervalSince1970: Double(\(field.name)) / 1000) }")
                    }
                }
            }
        }
    }
}
