/// TypeScript `Date` for `epochMillis` fields (DateAccessors): decoded values are plain readonly
/// objects, so one module-level `toDate` converts a field on demand (a bundler drops it when
/// unused) and the stored number stays the value.
extension TypeScriptContractWriter {
    func dateAccessors(_ p: inout CodePrinter) {
        guard DateAccessors.any(contract) else { return }
        p.line("// MARK: - Dates")
        p.line()
        p.line("/**")
        p.line(" * An instant field as a `Date`, e.g. `toDate(value.\(firstInstantField))`; null stays null. A new `Date`")
        p.line(" * each call (Dates are mutable), so the decoded value is never shared or changed.")
        p.line(" */")
        p.line("export function toDate(epochMillis: number): Date;")
        p.line("export function toDate(epochMillis: number | null): Date | null;")
        p.block("export function toDate(epochMillis: number | null): Date | null {") { p in
            p.line("return epochMillis === null ? null : new Date(epochMillis);")
        }
        p.line()
    }

    private var firstInstantField: String {
        contract.types.lazy.compactMap { DateAccessors.fields(of: $0).first }.first.map(\.name) ?? "at"
    }
}
