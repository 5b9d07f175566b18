/// One long-lived testee process speaking JSON lines (the testee protocol): survives
/// crashes, hangs and floods of the program under test by reporting, restarting and going on.
/// Everything taken from a testee is bounded: the length of one answer line, the stderr kept
/// (a 64 KiB tail, read as it comes), the time waited, and the processes left behind.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A running implementation under test.
public final class TesteeProcess: @unchecked Sendable {
    public let command: [String]
    public let timeout: Double
    /// The longest answer line accepted, whatever the request; a larger request raises it (an
    /// answer may echo its input several times over, escaped).
    public let lineLimit: Int

    public static let defaultLineLimit = 64 << 20
    /// How much of a testee's stderr is kept to explain a crash.
    public static let stderrTailBytes = 64 << 10

    private var process: ChildProcess?
    private var stdinFD: Int32 { process?.stdinFD ?? -1 }
    private var stdoutFD: Int32 { process?.stdoutFD ?? -1 }
    private var stderrFD: Int32 { process?.stderrFD ?? -1 }
    private var pipeInodes: Set<UInt64> = []
    private var buffer: [UInt8] = []
    /// Bytes of `buffer` already searched for a newline: a 100 MB answer arrives in 64 KB
    /// chunks, and rescanning from the start each time would be quadratic.
    private var scanned = 0
    private var stderrTail = ByteTail(capacity: TesteeProcess.stderrTailBytes)

    /// What came back for one request. `crashed` carries a complete explanation (the testee
    /// exited, closed its input, or broke a protocol bound); the process has been stopped.
    public enum Reply: Sendable {
        case line(String)
        /// A line whose bytes are not UTF-8 (at this offset): refused, never repaired into U+FFFD.
        case notUTF8(Int)
        case crashed(String)
        case timedOut
    }

    public init(command: [String], timeout: Double = 30, lineLimit: Int = TesteeProcess.defaultLineLimit) {
        self.command = command
        self.timeout = timeout
        self.lineLimit = lineLimit
        // A testee that dies mid-write must not kill the runner with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stop() }

    func start() throws {
        let process = try ChildProcess(command)
        self.process = process
        // stderr is a pipe drained while waiting for answers, keeping only its tail: a chatty
        // testee neither blocks nor fills memory or disk.
        _ = fcntl(process.stderrFD, F_SETFL, fcntl(process.stderrFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(process.stdinFD, F_SETFL, fcntl(process.stdinFD, F_GETFL) | O_NONBLOCK)
        pipeInodes = Set([process.stdinFD, process.stdoutFD, process.stderrFD].compactMap(Self.inode))
        buffer = []
        scanned = 0
        stderrTail = ByteTail(capacity: Self.stderrTailBytes)
    }

    /// Ends a testee that served its last request: closes its input, reads what it still writes
    /// until it exits (at most `grace` seconds, at most `lineLimit` bytes), then stops it. Returns
    /// why its answers cannot be trusted when it wrote anything more: an answer to no request
    /// (two answers to one, or one before the first request) shifts every later answer onto the
    /// wrong case, and only the count at the end can tell.
    public func finish(grace: Double = 1) -> String? {
        guard let process else { return nil }
        process.closeStdin()
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(grace)
        while stdoutFD >= 0, buffer.count <= lineLimit {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { break }
            var pfd = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(max(1, left * 1000)))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { break }
            let n = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
            if n > 0 { chunk.withUnsafeBytes { buffer.append(contentsOf: $0[..<n]) } } else if n < 0, errno == EINTR || errno == EAGAIN { continue } else { break }
        }
        let extra = Self.unsolicited(buffer)
        stop(grace: grace)
        return extra
    }

    /// The first answer to no request seen between two requests. The answers before it may have
    /// passed by luck of timing (a second answer that arrives late is taken for the next case), so
    /// the runner trusts none of this testee's answers once it is set.
    public private(set) var violation: String?

    /// "wrote N more line(s) than it was sent requests …" when `bytes` hold anything but white space.
    static func unsolicited(_ bytes: [UInt8]) -> String? {
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0a && $0 != 0x0d && $0 != 0x09 }) else { return nil }
        let lines = bytes.split(separator: 0x0a).filter { $0.contains(where: { $0 != 0x20 && $0 != 0x0d && $0 != 0x09 }) }.count
        return "the testee wrote \(lines) line(s) more than it was sent requests (two answers to one request, or an answer before the first), so its answers cannot be matched to the cases"
    }

    /// Stops the testee and everything it started, without ever blocking for long: closing
    /// its stdin lets a well-behaved testee exit on EOF; then SIGTERM, then SIGKILL to its
    /// process group. On Linux, processes that left the group (`setsid`) but descend from it
    /// or still hold its pipes are killed too, so none is leaked.
    public func stop() { stop(grace: 1) }

    /// `grace`: how long a testee may take to exit on EOF before it is signalled (none after a
    /// timeout: a hung testee does not read its input).
    private func stop(grace: Double) {
        guard let process else { return }
        let pid = process.pid
        let family = ProcessFamily.members(root: pid, pipeInodes: pipeInodes)
        process.closeStdin()
        if !process.waitForExit(seconds: grace) {
            kill(pid, SIGTERM)
            if !process.waitForExit(seconds: 1) {
                kill(pid, SIGKILL)
                _ = process.waitForExit(seconds: 2)
            }
        }
        // Whatever is left of its process group (background jobs of a wrapper script).
        kill(-pid, SIGKILL)
        // (Not the testee itself: it is reaped, and its pid may already belong to someone else.)
        ProcessFamily.kill(family, root: pid, pipeInodes: pipeInodes)
        process.closeAll()
        self.process = nil
        pipeInodes = []
        buffer = []
        scanned = 0
    }

    /// Sends one request line and waits for one response line, at most `timeout` seconds
    /// (default: the process's own timeout).
    public func send(_ request: String, timeout: Double? = nil) -> Reply {
        exchange([request], timeout: timeout ?? self.timeout)[0]
    }

    /// Pipelines many requests (writes and reads interleaved, so neither pipe can fill up and
    /// deadlock); one reply per request, in order. After a crash or timeout the rest are reported
    /// as such and the process is restarted on the next call.
    public func sendBatch(_ requests: [String]) -> [Reply] {
        exchange(requests, timeout: timeout)
    }

    private func exchange(_ requests: [String], timeout: Double) -> [Reply] {
        if requests.isEmpty { return [] }
        if !(process?.isRunning ?? false) {
            stop()
            do { try start() } catch {
                return requests.map { _ in .crashed("cannot start \(command.joined(separator: " ")): \(error)") }
            }
        }
        // Anything the testee wrote since its last answer answers no request: taken now, it would
        // become this request's answer (and the request might never be sent).
        drainAvailableOutput()
        if let reason = Self.unsolicited(buffer) {
            violation = violation ?? reason
            stop(grace: 0)
            return requests.map { _ in .crashed("not a protocol response: the testee wrote a line before this request was sent (an answer to no request)") }
        }
        buffer = []
        scanned = 0
        var out: [UInt8] = []
        var longest = 0
        // An answer is taken only once its request has been written whole.
        var requestEnds: [Int] = []
        for request in requests {
            out += request.utf8
            out.append(0x0a)
            requestEnds.append(out.count)
            longest = max(longest, request.utf8.count)
        }
        let limit = max(lineLimit, longest.multipliedReportingOverflow(by: 16).partialValue)
        var written = 0
        var replies: [Reply] = []
        func fail(_ reply: Reply) -> [Reply] {
            stop(grace: 0)
            return replies + Array(repeating: reply, count: requests.count - replies.count)
        }
        var deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while replies.count < requests.count {
            switch written >= requestEnds[replies.count] ? takeLine(limit: limit) : nil {
            case .success(let line)?:
                replies.append(line)
                deadline = Date().addingTimeInterval(timeout)
                continue
            case .failure?:
                return fail(.crashed("answer longer than \(limit) bytes"))
            case nil:
                break
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return fail(.timedOut) }
            var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)]
            if written < out.count { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(max(1, min(remaining, 1) * 1000)))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            if fds[1].revents != 0 { readStderr(&chunk) }
            if fds[0].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
                if n > 0 {
                    chunk.withUnsafeBytes { buffer.append(contentsOf: $0[..<n]) }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    return fail(.crashed(exitDescription()))
                }
            }
            if fds.count > 2, fds[2].revents != 0 {
                let n = out[written...].withUnsafeBytes { systemWrite(stdinFD, $0.baseAddress, min($0.count, 65536)) }
                if n > 0 {
                    written += n
                } else if n < 0, errno != EAGAIN, errno != EINTR {
                    return fail(.crashed("testee closed its input" + stderrSummary(afterExit: true)))
                }
            }
        }
        return replies
    }

    /// Reads whatever stdout holds right now, without waiting.
    private func drainAvailableOutput() {
        guard stdoutFD >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while buffer.count <= lineLimit {
            var pfd = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 0) > 0, pfd.revents & Int16(POLLIN) != 0 else { return }
            let n = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            chunk.withUnsafeBytes { buffer.append(contentsOf: $0[..<n]) }
        }
    }

    /// The next complete line in the buffer, if any (refused when it is not UTF-8); a line longer
    /// than `limit` is an error.
    private func takeLine(limit: Int) -> Result<Reply, OverlongLine>? {
        let found: Int? = buffer.withUnsafeBytes { bytes in
            guard scanned < bytes.count,
                  let hit = memchr(bytes.baseAddress! + scanned, 0x0a, bytes.count - scanned) else { return nil }
            return bytes.baseAddress!.distance(to: UnsafeRawPointer(hit))
        }
        guard let newline = found else {
            scanned = buffer.count
            return buffer.count > limit ? .failure(OverlongLine()) : nil
        }
        if newline > limit { return .failure(OverlongLine()) }
        let reply: Reply
        if let line = String(validating: buffer[..<newline], as: UTF8.self) {
            reply = .line(line)
        } else {
            reply = .notUTF8(Self.firstInvalidUTF8(buffer[..<newline]))
        }
        buffer.removeSubrange(...newline)
        scanned = 0
        return .success(reply)
    }

    private struct OverlongLine: Error {}

    /// Reads what stderr holds now (non-blocking), keeping only the tail.
    private func readStderr(_ chunk: inout [UInt8]) {
        while let process, process.stderrFD >= 0 {
            let n = chunk.withUnsafeMutableBytes { read(process.stderrFD, $0.baseAddress, $0.count) }
            if n > 0 {
                chunk.withUnsafeBytes { stderrTail.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                if n < chunk.count { return }
            } else {
                if n < 0, errno == EINTR { continue }
                if n == 0 { process.closeStderr() }   // EOF: poll ignores a negative fd
                return
            }
        }
    }

    /// "testee exited (exit 3): last stderr lines" once the process is gone.
    private func exitDescription() -> String {
        let summary = stderrSummary(afterExit: true)
        guard let process, !process.isRunning, let status = process.termination else { return "testee closed its output" + summary }
        return "testee exited (\(status))" + summary
    }

    /// The last three lines of stderr, each clipped to 120 characters. After an exit, first drains what is
    /// still in the pipe, for at most two seconds (a grandchild may hold stderr open forever).
    private func stderrSummary(afterExit: Bool) -> String {
        if afterExit, let process {
            _ = process.waitForExit(seconds: 1)
            var chunk = [UInt8](repeating: 0, count: 65536)
            let deadline = Date().addingTimeInterval(2)
            while stderrFD >= 0, Date() < deadline {
                var pfd = pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)
                if poll(&pfd, 1, 100) <= 0 { break }
                readStderr(&chunk)
            }
        }
        let lines = String(decoding: stderrTail.bytes.suffix(4096), as: UTF8.self)
            .split(whereSeparator: \.isNewline).suffix(3)
            .map { $0.count > 120 ? $0.prefix(120) + "…" : String($0) }
        return lines.isEmpty ? "" : ": " + lines.joined(separator: " | ")
    }

    /// The offset of the first byte that is not part of a well-formed UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }

    static func inode(_ fd: Int32) -> UInt64? {
        var info = stat()
        return fstat(fd, &info) == 0 ? UInt64(info.st_ino) : nil
    }
}

/// `write(2)` under either C library (module-qualified calls would tie the file to one platform).
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, bytes, count)
    #elseif canImport(Darwin)
    return Darwin.write(fd, bytes, count)
    #endif
}

/// The last `capacity` bytes appended: a ring, written with memcpy (this runs per 64 KiB chunk
/// of a possibly endless stream, also in debug builds).
struct ByteTail {
    let capacity: Int
    private var ring: [UInt8]
    private var end = 0        // next write position
    private var filled = 0

    init(capacity: Int) {
        self.capacity = capacity
        ring = [UInt8](repeating: 0, count: capacity)
    }

    mutating func append(_ source: UnsafeRawBufferPointer) {
        var source = source
        if source.count > capacity { source = UnsafeRawBufferPointer(rebasing: source[(source.count - capacity)...]) }
        ring.withUnsafeMutableBytes { ring in
            let first = min(source.count, capacity - end)
            ring.baseAddress!.advanced(by: end).copyMemory(from: source.baseAddress!, byteCount: first)
            if first < source.count {
                ring.baseAddress!.copyMemory(from: source.baseAddress!.advanced(by: first), byteCount: source.count - first)
            }
        }
        end = (end + source.count) % capacity
        filled = min(capacity, filled + source.count)
    }

    var bytes: [UInt8] {
        filled < capacity ? Array(ring[..<filled]) : Array(ring[end...] + ring[..<end])
    }
}
