/// Every other decode of the differential goes by each implementation's second road.
///
/// Why: the golden suite runs each decode case by both roads (SecondRoadTwins.swift), but the
/// differential's stream is where the inputs nobody wrote by hand come from, and each road is its
/// own code an app runs (Swift `decode(_ data:)`, TypeScript's lexed decoders). A disagreement
/// that only one road has must show there too. Both flags go to every language: one without that
/// road reads the flag and answers by its only road, so all answers stay comparable.
extension DifferentialInput {
    /// This decode with every second road's flag set; any other op unchanged.
    public func bySecondRoads() -> DifferentialInput {
        guard op == "decode", case .object(let entries) = given else { return self }
        let keys = Set(DecodeRoad.all.map(\.key))
        var input = self
        input.given = .object(entries.filter { !keys.contains($0.0) } + DecodeRoad.all.map { ($0.key, .bool(true)) })
        return input
    }
}
