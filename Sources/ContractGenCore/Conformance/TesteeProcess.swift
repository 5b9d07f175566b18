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
        scanned = 0
    }

    private var pipes: [Pipe] = []
    private lazy var stderrPath = NSTemporaryDirectory() + "/contract-gen-testee-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).stderr"

    /// Stops the testee without ever blocking for long: closing its stdin lets a well-behaved
    /// testee (and any process a wrapper script started, which holds the same pipe) exit on
    /// EOF; then SIGTERM, then SIGKILL to the process and its process group.
    public func stop() {
        if let process {
            if let input = pipes.first { try? input.fileHandleForWriting.close() }
            if process.isRunning, !waitForExit(process, seconds: 1) {
                process.terminate()
                if !waitForExit(process, seconds: 1) {
                    kill(-process.processIdentifier, SIGKILL)
                    kill(process.processIdentifier, SIGKILL)
                    _ = waitForExit(process, seconds: 2)
                }
            }
        }
        process = nil
        pipes = []
        buffer = []
        scanned = 0
    }

    private func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        return !process.isRunning
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
            if let line = takeLine() { return .line(line) }
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
                let exited = process.map { waitForExit($0, seconds: 1) } ?? false
                let status = exited ? process.map { " (exit \($0.terminationStatus))" } ?? "" : ""
                stop()
                return .crashed("testee exited\(status)" + detail)
            }
            buffer += chunk[..<n]
        }
    }

    /// Pipelines many requests (writes and reads interleaved, so neither pipe can fill up and
    /// deadlock); one reply per request, in order. After a crash or timeout the rest are reported
    /// as such and the process is restarted on the next call.
    public func sendBatch(_ requests: [String]) -> [Reply] {
        if process == nil || !(process?.isRunning ?? false) {
            stop()
            do { try start() } catch {
                return requests.map { _ in .crashed("cannot start \(command.joined(separator: " ")): \(error)") }
            }
        }
        var out: [UInt8] = []
        for request in requests {
            out += request.utf8
            out.append(0x0a)
        }
        _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) | O_NONBLOCK)
        defer { _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) & ~O_NONBLOCK) }
        var written = 0
        var replies: [Reply] = []
        var deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while replies.count < requests.count {
            if let line = takeLine() {
                replies.append(.line(line))
                deadline = Date().addingTimeInterval(timeout)
                continue
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                stop()
                return replies + Array(repeating: .timedOut, count: requests.count - replies.count)
            }
            var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)]
            if written < out.count { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            if fds[0].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
                if n <= 0 {
                    let detail = drainStderr()
                    stop()
                    return replies + Array(repeating: .crashed("testee exited" + detail), count: requests.count - replies.count)
                }
                buffer += chunk[..<n]
            }
            if fds.count > 1, fds[1].revents != 0 {
                let n = out[written...].withUnsafeBytes { Glibc.write(stdinFD, $0.baseAddress, min($0.count, 65536)) }
                if n > 0 { written += n } else if n < 0, errno != EAGAIN, errno != EINTR {
                    let detail = drainStderr()
                    stop()
                    return replies + Array(repeating: .crashed("testee closed its input" + detail), count: requests.count - replies.count)
                }
            }
        }
        return replies
    }

    /// Bytes of `buffer` already searched for a newline: a 100 MB answer arrives in 64 KB
    /// chunks, and rescanning from the start each time would be quadratic.
    private var scanned = 0

    /// The next complete line in the buffer, if any.
    private func takeLine() -> String? {
        guard let newline = buffer[scanned...].firstIndex(of: 0x0a) else {
            scanned = buffer.count
            return nil
        }
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        scanned = 0
        return line
    }

    private func drainStderr() -> String {
        let data = FileManager.default.contents(atPath: stderrPath) ?? Data()
        let text = String(decoding: data.suffix(4096), as: UTF8.self).split(separator: "\n").suffix(3).joined(separator: " | ")
        return text.isEmpty ? "" : ": " + String(text.prefix(300))
    }
}
