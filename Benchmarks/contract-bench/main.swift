/// Benchmark: the generated Swift decoder (`WidgetData.decode`, on a String and on Data) against Foundation's JSONDecoder
/// with equivalent Codable structs and against two hand-written byte parsers (into a value tree,
/// HandWrittenTreeParser.swift, and straight into the structs, HandWrittenDirectParser.swift, which also runs
/// filling the derived projectColor in place: the value the generated decoder returns), on synthetic
/// widget snapshots of a given size, from one of two corpora (Corpora.swift): `escapes` (escapes,
/// non-ASCII, surrogate pairs raw and escaped in every title) and `typical` (word titles, one in
/// eight with an escape or an emoji; the default).
///
///   swift run -c release contract-bench --size 180000             # throughput: alternating batches
///   swift run -c release contract-bench --corpus escapes --size 180000   # the escape-heavy corpus
///   swift run -c release contract-bench --size 180000 --memory generated   # peak RSS of one decoder
///   swift run -c release contract-bench --size 2600 --write       # the blob, for the other languages
///   bash Benchmarks/run.sh          # the whole table: every language, three sizes
///
/// Throughput: all the decoders run in ONE process, in alternating batches (generated,
/// JSONDecoder, hand-written, repeated `--batches` times), each timed in the thread's CPU time;
/// each batch's time is compared with the baselines' batches of the same round, and the median of
/// those ratios is reported, so a noisy neighbour slows every decoder of a round alike. Memory: one decoder per process (`--memory`),
/// so peak RSS (getrusage ru_maxrss) belongs to it alone; "above baseline" subtracts the RSS
/// measured once the input is built.
import Foundation
import GeneratedContracts

/// The Codable mirror of the v:1 blob: what a hand-written iOS reader would declare.
struct CodableTask: Codable, HandWrittenRow {
    let id: String; let title: String; let isDone: Bool?; let projectId: String?
    /// The blob's fields only: the derived field is not stored (JSONDecoder cannot derive one).
    var projectColor: String? { get { nil } set {} }
    static func row(_ task: CodableTask) -> CodableTask { task }
}
typealias CodableProject = HandWrittenProject<CodableTask>
typealias CodableSnapshot = HandWrittenSnapshot<CodableTask>

/// A hand-written reader's row (HandWrittenDirectParser is generic over it), made from the blob's
/// fields. Rows are built by memberwise initializers only: Swift 6.3 compiles a written-out
/// initializer of a struct of several strings to a copy of the value and a retain of each string.
protocol HandWrittenRow {
    static func row(_ task: CodableTask) -> Self
    var projectId: String? { get }
    var projectColor: String? { get set }
}
/// A row that also holds `projectColors[projectId]`, which the widget shows: with it a hand-written
/// reader builds what the generated decoder builds (the `handwritten-direct-derived` row).
struct DerivedTask: HandWrittenRow {
    let task: CodableTask
    var projectColor: String? = nil
    var projectId: String? { task.projectId }
    static func row(_ task: CodableTask) -> DerivedTask { DerivedTask(task: task) }
}
struct HandWrittenProject<Row> { let id: String; let title: String; var tasks: [Row]? }
struct HandWrittenSnapshot<Row> {
    let v: Int
    let dayStr: String?
    let validUntil: Int64?
    var tasks: [Row]?
    let projectColors: [String: String]?
    var projects: [HandWrittenProject<Row>]?
}
extension HandWrittenProject: Codable where Row: Codable {}
extension HandWrittenSnapshot: Codable where Row: Codable {}

// MARK: - Measuring

func maxRSSBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
}

/// Linux: resets the peak RSS (VmHWM) to the current RSS (`5` to /proc/self/clear_refs).
func resetPeakRSS() {
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
        handle.write(Data("5".utf8))
        try? handle.close()
    }
}

/// The peak RSS: VmHWM on Linux (which `resetPeakRSS` resets), else getrusage's maximum.
func peakRSSBytes() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
        return kilobytes * 1024
    }
    return maxRSSBytes()
}

func currentRSSBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let resident = status.split(separator: " ").dropFirst().first, let pages = Int(resident) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

var size = 200_000
var corpus = Corpus.typical
var blobPath: String?
var memoryDecoder: String?
var batches = 9
var profileRounds: Int?
var weigh = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--size": size = Int(arguments.popFirst() ?? "") ?? size
    case "--corpus":
        guard let name = arguments.popFirst(), let named = Corpus(rawValue: name) else {
            FileHandle.standardError.write(Data("--corpus: one of \(Corpus.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        corpus = named
    case "--blob": blobPath = arguments.popFirst()  // a file's text instead of a corpus (e.g. `{"v":1}`: the fixed cost)
    case "--memory": memoryDecoder = arguments.popFirst()
    case "--batches": batches = Int(arguments.popFirst() ?? "") ?? batches
    case "--profile": profileRounds = Int(arguments.popFirst() ?? "")  // with --memory: N decodes, no RSS (callgrind)
    case "--weigh": weigh = true  // with --memory: the heap the decoded value itself holds (glibc mallinfo2)
    case "--write":
        // The same synthetic snapshot for the other languages' benchmarks (Benchmarks/run.sh).
        print(corpus.snapshot(bytes: size), terminator: "")
        exit(0)
    default:
        FileHandle.standardError.write(Data("usage: contract-bench [--corpus typical|escapes] [--size BYTES | --blob FILE] [--batches N] [--memory generated|generated-data|generated-report|jsondecoder|handwritten-tree|handwritten-direct|handwritten-direct-derived] [--write]\n".utf8))
        exit(2)
    }
}

let text = blobPath.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" } ?? corpus.snapshot(bytes: size)
let data = Data(text.utf8)
let decoders: [(name: String, run: () -> Int)] = [
    ("generated", { WidgetData.decode(text).value?.tasks.count ?? -1 }),
    // The same decoder on the UTF-8 bytes, as JSONDecoder gets them (read in place, no String).
    ("generated-data", { WidgetData.decode(data).value?.tasks.count ?? -1 }),
    // The same decoder asked for its degradation report (docs/report.md): what explain and telemetry pay.
    ("generated-report", { WidgetData.decode(text, report: ContractReport()).value?.tasks.count ?? -1 }),
    ("jsondecoder", { (try? JSONDecoder().decode(CodableSnapshot.self, from: data))?.tasks?.count ?? -1 }),
    ("handwritten-tree", { HandJSON.decode(data)?.tasks?.count ?? -1 }),
    ("handwritten-direct", { HandWrittenDirectParser<CodableTask>.decode(data)?.tasks?.count ?? -1 }),
    // The same parser, then the derived field filled in place, as the app needs it: the value the
    // generated decoder returns (checked below), so the ratio against it compares like work.
    ("handwritten-direct-derived", { HandWrittenDirectParser<DerivedTask>.decodeDerivingProjectColors(data)?.tasks?.count ?? -1 }),
]
if let memoryDecoder {
    // Peak RSS above the RSS once the input is built, over three decodes; only this decoder runs
    // in this process. On Linux the peak is reset first (so building the input does not count).
    guard let decoder = decoders.first(where: { $0.name == memoryDecoder }) else { exit(2) }
    // Building the input left freed heap that a decoder would reuse without touching a new page
    // (its peak would read low): glibc's malloc_trim hands it back to the system first.
    if let trim = dlsym(nil, "malloc_trim") {
        _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
    }
    resetPeakRSS()
    let baseline = currentRSSBytes()
    var checksum = 0
    if weigh {
        // What the decoded value itself weighs: the resident memory while it is held (freed heap
        // handed back first), minus the baseline. No decoder's peak can be below its value's weight.
        let value: Any? = memoryDecoder == "jsondecoder" ? (try? JSONDecoder().decode(CodableSnapshot.self, from: data)) as Any?
            : memoryDecoder == "handwritten-tree" ? HandJSON.decode(data) as Any?
            : memoryDecoder == "handwritten-direct" ? HandWrittenDirectParser<CodableTask>.decode(data) as Any?
            : memoryDecoder == "handwritten-direct-derived" ? HandWrittenDirectParser<DerivedTask>.decodeDerivingProjectColors(data) as Any?
            : WidgetData.decode(text).value as Any?
        if let trim = dlsym(nil, "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        let held = max(0, currentRSSBytes() - baseline)
        print(String(format: "%@\t%d\t%.2f\t%.2f\t%d", memoryDecoder, text.utf8.count, Double(held) / 1_000_000,
                     Double(held) / Double(text.utf8.count), value == nil ? 0 : 1))
        exit(0)
    }
    if let profileRounds {
        for _ in 0..<profileRounds { checksum &+= decoder.run() }
        print(checksum)
        exit(0)
    }
    for _ in 0..<3 { checksum &+= decoder.run() }
    let peakAbove = max(0, peakRSSBytes() - baseline)
    print(String(format: "%@\t%d\t%.2f\t%.2f\t%d", memoryDecoder, text.utf8.count, Double(peakAbove) / 1_000_000,
                 Double(peakAbove) / Double(text.utf8.count), checksum))
    exit(0)
}

// Every decoder must read the blob and find the same rows, or the comparison means nothing.
let counts = decoders.map { $0.run() }
guard counts.allSatisfy({ $0 == counts[0] && $0 > 0 }) else {
    FileHandle.standardError.write(Data("decoders disagree on the task count: \(counts)\n".utf8))
    exit(1)
}
// The derived row must build the generated decoder's value, field for field.
func rows(_ tasks: [WidgetData.TaskRow]) -> [[String?]] {
    tasks.map { [$0.id, $0.title, String($0.isDone), $0.projectId, $0.projectColor] }
}
func rows(_ tasks: [DerivedTask]?) -> [[String?]] {
    (tasks ?? []).map { [$0.task.id, $0.task.title, String($0.task.isDone ?? false), $0.projectId, $0.projectColor] }
}
if let generated = WidgetData.decode(text).value, let derived = HandWrittenDirectParser<DerivedTask>.decodeDerivingProjectColors(data),
   generated.dayStr == derived.dayStr, generated.validUntil == derived.validUntil,
   rows(generated.tasks) == rows(derived.tasks), generated.projectColors == (derived.projectColors ?? [:]),
   generated.projects.map({ [[$0.id, $0.title]] + rows($0.tasks) }) == (derived.projects ?? []).map({ [[$0.id, $0.title]] + rows($0.tasks) }) {
} else {
    FileHandle.standardError.write(Data("the hand-written parser with derived fields reads another value than the generated decoder\n".utf8))
    exit(1)
}

/// This thread's CPU seconds: on a shared machine other processes take the cores away for
/// whole time slices, which wall time counts against whichever decoder was running and CPU time
/// does not (they still share the caches, so ratios keep some noise).
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

// Throughput: batches of about 4 MB of input each, alternating, after one warm-up round; each
// batch timed in this thread's CPU time.
let rounds = max(3, 4_000_000 / text.utf8.count)  // at least 3 decodes per batch, as in Kotlin and TypeScript
func batch(_ run: () -> Int) -> Double {
    let started = threadCPUSeconds()
    var sink = 0
    for _ in 0..<rounds { sink &+= run() }
    precondition(sink != 0)
    return threadCPUSeconds() - started
}
for decoder in decoders { _ = batch(decoder.run) }
var times: [[Double]] = Array(repeating: [], count: decoders.count)
for _ in 0..<batches {
    for (offset, decoder) in decoders.enumerated() { times[offset].append(batch(decoder.run)) }
}
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
// One line per decoder: name, bytes, median MB/s, then its median ratio (baseline batch time ÷ this
// decoder's, in the same round) against JSONDecoder, against the fast hand-written parser, and against
// that parser filling projectColor (the same value as the generated decoder's).
let baselineOffsets = ["jsondecoder", "handwritten-direct", "handwritten-direct-derived"].map { name in decoders.firstIndex { $0.name == name }! }
let megabytes = Double(text.utf8.count) * Double(rounds) / 1_000_000
for (offset, decoder) in decoders.enumerated() {
    let ratios = baselineOffsets.map { baseline in median(zip(times[baseline], times[offset]).map { $0 / $1 }) }
    print(String(format: "%@\t%d\t%.1f\t%.2f\t%.2f\t%.2f", decoder.name, text.utf8.count, megabytes / median(times[offset]), ratios[0], ratios[1], ratios[2]))
}
