/// One long-lived testee process speaking JSON lines (SPEC §7): survives crashes and hangs of
/// the program under test by reporting, restarting and going on.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A running implementation under test.
public final class TesteeProcess: @unchecked Sendable {
    public let command: [String]
    public let timeout: Double
    private var process: Process?
    private var stdinFD: Int32 = -1
    private var stdoutFD: Int32 = -1
    private var buffer: [UInt8] = []

    /// What came back for one request.
    public enum Reply: Sendable {
        case line(String)
        case crashed(String)
        case timedOut
    }

    public init(command: [String], timeout: Double = 30) {
        self.command = command
        self.timeout = timeout
        // A testee that dies mid-write must not kill the runner with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        // stderr goes to a file: a chatty testee must never block on a full pipe nobody reads.
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
        self.process = process
        stdinFD = input.fileHandleForWriting.fileDescriptor
        stdoutFD = output.fileHandleForReading.fileDescriptor
        // Keep the Pipe objects alive with the process.
        pipes = [input, output]
        buffer = []
    }

    private var pipes: [Pipe] = []
    private lazy var stderrPath = NSTemporaryDirectory() + "/contract-gen-testee-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).stderr"

    public func stop() {
        if let process, process.isRunning {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        process = nil
        pipes = []
        buffer = []
    }

    /// Sends one request line and waits for one response line.
    public func send(_ request: String) -> Reply {
        if process == nil || !(process?.isRunning ?? false) {
            stop()
            do { try start() } catch { return .crashed("cannot start \(command.joined(separator: " ")): \(error)") }
        }
        var bytes = Array(request.utf8)
        bytes.append(0x0a)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(stdinFD, $0.baseAddress, $0.count) }
            if n <= 0 {
                if n < 0, errno == EINTR { continue }
                let detail = drainStderr()
                stop()
                return .crashed("testee closed its input" + detail)
            }
            written += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0a) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                stop()
                return .timedOut
            }
            var pfd = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(remaining, 1) * 1000))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
            if n <= 0 {
                let detail = drainStderr()
                process?.waitUntilExit()
                let status = process.map { " (exit \($0.terminationStatus))" } ?? ""
                stop()
                return .crashed("testee exited\(status)" + detail)
            }
            buffer += chunk[..<n]
        }
    }

    private func drainStderr() -> String {
        let data = FileManager.default.contents(atPath: stderrPath) ?? Data()
        let text = String(decoding: data.suffix(4096), as: UTF8.self).split(separator: "\n").suffix(3).joined(separator: " | ")
        return text.isEmpty ? "" : ": " + String(text.prefix(300))
    }
}
