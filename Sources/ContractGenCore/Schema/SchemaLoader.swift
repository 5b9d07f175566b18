/// The front half of the pipeline, named stage by stage: read file → YAML document → schema model
/// → validated contract. Every failure is a `DiagnosticsError` with `file:line:column`s.
import Foundation

public enum SchemaLoader {
    /// Loads and validates one schema file.
    public static func load(path: String) throws(DiagnosticsError) -> Contract {
        let text: String
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw DiagnosticsError([.error("the schema is not UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1))])
            }
            text = decoded
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([.error("cannot read schema: \(error.localizedDescription)", at: SourceLocation(file: path, line: 1, column: 1))])
        }
        return try load(text: text, path: path)
    }

    /// Loads and validates schema text that claims to come from `path` (tests, `check --base`).
    /// `checkingCodeNames: false` skips the checks that only keep generated code compiling
    /// (reserved words, platform and generated names): for a base schema, read as blobs see it.
    public static func load(text: String, path: String, checkingCodeNames: Bool = true) throws(DiagnosticsError) -> Contract {
        let document = try YAMLDocumentLoader.load(text: text, file: path)
        let contract = try SchemaParser.parse(document, sourcePath: path, sourceHash: SHA256.hex(Array(text.utf8)))
        try SchemaValidator.validate(contract, checkingCodeNames: checkingCodeNames)
        try SchemaLimits.check(contract)
        return contract
    }

    /// Loads several schemas; contract names must be unique.
    public static func load(paths: [String]) throws(DiagnosticsError) -> [Contract] {
        var contracts: [Contract] = []
        var errors: [Diagnostic] = []
        for path in paths {
            do {
                let contract = try load(path: path)
                if let clash = contracts.first(where: { $0.name == contract.name }) {
                    errors.append(.error("contract '\(contract.name)' is also defined in \(clash.sourcePath)", at: contract.location))
                } else {
                    contracts.append(contract)
                }
            } catch {
                errors += error.diagnostics
            }
        }
        if !errors.isEmpty { throw DiagnosticsError(errors) }
        return contracts
    }
}

/// SHA-256 (FIPS 180-4), for the schema hash in generated headers; Foundation on Linux has no CryptoKit.
enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    static func hex(_ message: [UInt8]) -> String {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var data = message
        let bitLength = UInt64(message.count) * 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                w[i] = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[chunk + i * 4 + $1]) }
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, dd, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                let ch = (e & f) ^ (~e & g)
                let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
                let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                let maj = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ maj
                (hh, g, f, e, dd, c, b, a) = (g, f, e, dd &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, v) in [a, b, c, dd, e, f, g, hh].enumerated() { h[i] = h[i] &+ v }
        }
        return h.map { word in
            let s = String(word, radix: 16)
            return String(repeating: "0", count: 8 - s.count) + s
        }.joined()
    }
}
