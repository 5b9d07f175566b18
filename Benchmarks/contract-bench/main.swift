/// Benchmark: the generated Swift decoder (`WidgetData.decode`) against Foundation's JSONDecoder
/// with equivalent Codable structs, on synthetic widget snapshots of a given size.
///
///   swift run -c release contract-bench --size 200000 --decoder generated
///   bash Benchmarks/run.sh          # the whole table: 2 KB, 200 KB, 10 MB × both decoders
///
/// One decoder and one size per process, so peak RSS (getrusage ru_maxrss) belongs to that run
/// alone; "peak above baseline" subtracts the RSS measured after the input is built.
import Foundation
import GeneratedContracts

/// The Codable mirror of the v:1 blob: what a hand-written iOS reader would declare.
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

/// A deterministic snapshot of roughly `bytes` bytes (task titles vary, some escapes and non-ASCII).
func makeSnapshot(bytes: Int) -> String {
    var tasks: [String] = []
    var projects: [String] = []
    var size = 200
    var index = 0
    while size < bytes {
        let title = "Task \(index) — review \"draft\" \\ notes ünïcödé \(String(repeating: "x", count: index % 40))"
        let escapedTitle = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let task = "{\"id\":\"t\(index)\",\"title\":\"\(escapedTitle)\",\"isDone\":\(index % 3 == 0),\"projectId\":\"p\(index % 7)\"}"
        if index % 5 == 4 {
            projects.append("{\"id\":\"p\(index)\",\"title\":\"Project \(index)\",\"tasks\":[\(task)]}")
        } else {
            tasks.append(task)
        }
        size += task.utf8.count + 1
        index += 1
    }
    let colors = (0..<7).map { "\"p\($0)\":\"#\(String(format: "%06x", $0 * 2_396_745))\"" }.joined(separator: ",")
    return "{\"v\":1,\"dayStr\":\"2026-07-17\",\"validUntil\":1784325600000,\"tasks\":[\(tasks.joined(separator: ","))],"
        + "\"projectColors\":{\(colors)},\"projects\":[\(projects.joined(separator: ","))]}"
}

func maxRSSBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
}

func currentRSSBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let resident = status.split(separator: " ").dropFirst().first, let pages = Int(resident) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

var size = 200_000
var decoder = "generated"
var iterations: Int?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--size": size = Int(arguments.popFirst() ?? "") ?? size
    case "--decoder": decoder = arguments.popFirst() ?? decoder
    case "--iterations": iterations = Int(arguments.popFirst() ?? "")
    case "--write":
        // The same synthetic snapshot for the other languages' benchmarks (Benchmarks/run-js.sh).
        print(makeSnapshot(bytes: size), terminator: "")
        exit(0)
    default:
        FileHandle.standardError.write(Data("usage: contract-bench [--size BYTES] [--decoder generated|jsondecoder] [--iterations N] [--write]\n".utf8))
        exit(2)
    }
}

let text = makeSnapshot(bytes: size)
let data = Data(text.utf8)
let baseline = currentRSSBytes()
let rounds = iterations ?? max(3, min(2000, 40_000_000 / max(1, text.utf8.count)))
var checksum = 0
// The last decoded value is kept, so "retained" (RSS after the loop) shows what the result
// itself costs, apart from the transient parse state that "peak" includes.
var keptGenerated: WidgetData.Decoded?
var keptCodable: CodableSnapshot?
let started = DispatchTime.now().uptimeNanoseconds
for _ in 0..<rounds {
    switch decoder {
    case "generated":
        keptGenerated = nil
        let decoded = WidgetData.decode(text)
        checksum &+= decoded.value?.tasks.count ?? -1
        keptGenerated = decoded
    case "jsondecoder":
        keptCodable = nil
        let decoded = try? JSONDecoder().decode(CodableSnapshot.self, from: data)
        checksum &+= decoded?.tasks?.count ?? -1
        keptCodable = decoded
    default:
        FileHandle.standardError.write(Data("unknown decoder \(decoder)\n".utf8))
        exit(2)
    }
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
let peakAbove = max(0, maxRSSBytes() - baseline)
let retainedAbove = max(0, currentRSSBytes() - baseline)
let megabytes = Double(text.utf8.count) * Double(rounds) / 1_000_000
print(String(format: "%@\t%d\t%d\t%.1f\t%.3f\t%.1f\t%.2f\t%.2f\t%d", decoder, text.utf8.count, rounds, megabytes / seconds,
             seconds / Double(rounds) * 1000, Double(peakAbove) / 1_000_000, Double(peakAbove) / Double(text.utf8.count),
             Double(retainedAbove) / Double(text.utf8.count), checksum))
withExtendedLifetime((keptGenerated, keptCodable)) {}
