/// Benchmark: the generated Swift encoder (`WidgetData.encode`, the document as Data and as a
/// String) against Foundation's JSONEncoder with equivalent Codable structs, writing the same
/// widget-data snapshot (read from BLOB). Run by Benchmarks/run-encoders.sh:
///
///   swift run -c release contract-bench-encoders BLOB [--batches N]
///
/// All encoders run in ONE process, in alternating batches of about 4 MB of output each, after a
/// warm-up round; each batch's time is compared with the JSONEncoder batch of the same round and
/// the median of those ratios is reported, so a noisy neighbour slows every encoder of a round alike.
/// Prints one line per encoder: name, bytes written, median MB/s, median ratio against JSONEncoder.
import Foundation
import GeneratedContracts

/// The Codable mirror of the v:1 blob: what a hand-written iOS writer would declare.
struct CodableTask: Codable { let id: String; let title: String; let isDone: Bool?; let projectId: String? }
struct CodableProject: Codable { let id: String; let title: String; let tasks: [CodableTask]? }
struct CodableSnapshot: Codable {
    let v: Int
    let dayStr: String?
    let validUntil: Int64?
    let tasks: [CodableTask]?
    let projectColors: [String: String]?
    let projects: [CodableProject]?
}

var arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.popFirst(), let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: contract-bench-encoders BLOB [--batches N]\n".utf8))
    exit(2)
}
var batches = 9
while let argument = arguments.popFirst() {
    if argument == "--batches", let count = Int(arguments.popFirst() ?? "") { batches = count }
}
guard let snapshot = WidgetData.decode(text).value,
      let codable = try? JSONDecoder().decode(CodableSnapshot.self, from: Data(text.utf8)) else {
    FileHandle.standardError.write(Data("the blob does not decode\n".utf8))
    exit(1)
}
// Both writers must write the same value, or the comparison means nothing: each document reads
// back as the snapshot (the generated one byte for byte as its own reader reads it).
guard let written = WidgetData.encode(snapshot).text, WidgetData.decode(written).value == snapshot,
      let baseline = try? JSONEncoder().encode(codable), WidgetData.decode(baseline).value == snapshot else {
    FileHandle.standardError.write(Data("an encoder does not write the snapshot back\n".utf8))
    exit(1)
}

let encoders: [(name: String, run: () -> Int)] = [
    ("generated-data", { WidgetData.encode(snapshot).data?.count ?? 0 }),
    ("generated-text", { WidgetData.encode(snapshot).text?.utf8.count ?? 0 }),
    ("jsonencoder", { (try? JSONEncoder().encode(codable))?.count ?? 0 }),
]
let rounds = max(1, 4_000_000 / written.utf8.count)
func batch(_ run: () -> Int) -> Double {
    let started = DispatchTime.now().uptimeNanoseconds
    var sink = 0
    for _ in 0..<rounds { sink &+= run() }
    precondition(sink != 0)
    return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
}
for encoder in encoders { _ = batch(encoder.run) }
var times: [[Double]] = Array(repeating: [], count: encoders.count)
for _ in 0..<batches {
    for (offset, encoder) in encoders.enumerated() { times[offset].append(batch(encoder.run)) }
}
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
let baselineOffset = encoders.firstIndex { $0.name == "jsonencoder" }!
for (offset, encoder) in encoders.enumerated() {
    let bytes = encoder.run()
    let ratios = zip(times[baselineOffset], times[offset]).map { $0 / $1 }
    print(String(format: "%@\t%d\t%.1f\t%.2f", encoder.name, bytes, Double(bytes) * Double(rounds) / 1_000_000 / median(times[offset]), median(ratios)))
}
