/// A child process started with posix_spawn in a process group of its own, with CLOEXEC pipes
/// for stdin, stdout and stderr and default signal handling. Foundation's `Process` is not used
/// here: on Linux it learns of a child's death only when every process holding its internal
/// socket has exited, so a killed wrapper script looks alive as long as its grandchild does.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class ChildProcess {
    let pid: pid_t
    /// The runner's ends: write to the child's stdin, read its stdout and stderr.
    private(set) var stdinFD: Int32
    private(set) var stdoutFD: Int32
    private(set) var stderrFD: Int32
    /// How the child ended, once `poll()` has seen it: "exit 3" or "signal 9".
    private(set) var termination: String?

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Held from the first pipe to the spawn: `conform` starts testees from several threads, and
    /// a child spawned between another thread's `pipe` and its `FD_CLOEXEC` would inherit that
    /// testee's pipes (its crash would then look like a hang, and stopping it would take the
    /// child for one of its own).
    private static let spawning = NSLock()

    /// Every child spawned here and not yet reaped: what the runner started on purpose. Any other
    /// child of the runner is an orphan it adopted as subreaper (ProcessFamily.killAdopted).
    nonisolated(unsafe) private static var live: Set<pid_t> = []
    private static let liveLock = NSLock()

    static var livePIDs: Set<pid_t> {
        liveLock.lock()
        defer { liveLock.unlock() }
        return live
    }

    /// Runs `body` while no child can be spawned (so a scan of the process table cannot see a
    /// child that is not yet in `livePIDs`).
    static func withoutSpawning<T>(_ body: () -> T) -> T {
        spawning.lock()
        defer { spawning.unlock() }
        return body()
    }

    init(_ arguments: [String]) throws {
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var pipes: [[Int32]] = []
        defer { for pipe in pipes { close(pipe[0]); close(pipe[1]) } }
        for _ in 0..<3 {
            var fds: [Int32] = [-1, -1]
            guard Self.makePipe(&fds) else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
            pipes.append(fds)
        }
        var actions = Self.makeFileActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        var attributes = Self.makeAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        // Own process group (so the whole group can be killed), nothing blocked, SIGPIPE at its
        // default (the runner ignores SIGPIPE, and ignored signals are inherited across exec).
        var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnError(description: "posix_spawn: \(String(cString: strerror(status)))") }
        self.pid = pid
        Self.liveLock.lock()
        Self.live.insert(pid)
        Self.liveLock.unlock()
        stdinFD = pipes[0][1]
        stdoutFD = pipes[1][0]
        stderrFD = pipes[2][0]
        pipes[0][1] = -1
        pipes[1][0] = -1
        pipes[2][0] = -1
    }

    deinit {
        closeAll()
        // Never leave a running child or a zombie behind.
        if isRunning {
            kill(pid, SIGKILL)
            _ = waitpid(pid, nil, 0)
            forget()
        }
    }

    private func forget() {
        Self.liveLock.lock()
        Self.live.remove(pid)
        Self.liveLock.unlock()
    }

    /// Whether the child is still running (reaps it, once, when it is not).
    var isRunning: Bool {
        guard termination == nil else { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 { return true }
        if result == pid {
            termination = status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
        } else {
            termination = "status unknown"
        }
        forget()
        return false
    }

    /// Waits up to `seconds` for the child to end.
    func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    func closeStdin() {
        if stdinFD >= 0 { close(stdinFD) }
        stdinFD = -1
    }

    /// Marks stderr as at EOF (poll then ignores it).
    func closeStderr() {
        if stderrFD >= 0 { close(stderrFD) }
        stderrFD = -1
    }

    func closeAll() {
        closeStdin()
        closeStderr()
        if stdoutFD >= 0 { close(stdoutFD) }
        stdoutFD = -1
    }

    /// How a command run to completion ended: its combined output (the last `outputLimit` bytes),
    /// and whether it succeeded, failed or was stopped at the deadline.
    struct Completion {
        enum End { case succeeded, failed(String), deadlinePassed }
        var end: End
        var output: String
    }

    /// Runs a command (a compiler) to its end, with stdin at EOF, draining stdout and stderr into one
    /// bounded tail; at `deadline` it and everything it started are killed. The whole process
    /// group dies with it, so a build never outlives the run that asked for it.
    static func runToCompletion(_ arguments: [String], deadline: Date?, outputLimit: Int = 256 << 10) -> Completion {
        let child: ChildProcess
        do { child = try ChildProcess(arguments) } catch { return Completion(end: .failed("cannot run \(arguments.first ?? "?"): \(error)"), output: "") }
        child.closeStdin()
        var tail = ByteTail(capacity: outputLimit)
        var chunk = [UInt8](repeating: 0, count: 65536)
        var open = [child.stdoutFD, child.stderrFD]
        while !open.isEmpty {
            let left = deadline?.timeIntervalSinceNow ?? 3600
            if left <= 0 {
                child.killGroup()
                return Completion(end: .deadlinePassed, output: String(decoding: tail.bytes, as: UTF8.self))
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(max(1, min(left, 1) * 1000)))
            if ready <= 0 { continue }
            for pfd in fds where pfd.revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(pfd.fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    chunk.withUnsafeBytes { tail.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    open.removeAll { $0 == pfd.fd }
                }
            }
        }
        // Both pipes at EOF: the command (and whatever held its pipes) is done or about to be.
        while child.isRunning {
            if let deadline, Date() >= deadline {
                child.killGroup()
                return Completion(end: .deadlinePassed, output: String(decoding: tail.bytes, as: UTF8.self))
            }
            usleep(2_000)
        }
        kill(-child.pid, SIGKILL)   // anything left in its group
        child.closeAll()
        let output = String(decoding: tail.bytes, as: UTF8.self)
        return Completion(end: child.termination == "exit 0" ? .succeeded : .failed(child.termination ?? "status unknown"), output: output)
    }

    /// SIGKILL to the child's process group and everything it started, then reaps the child.
    func killGroup() {
        let family = ProcessFamily.members(root: pid, pipeInodes: [])
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        ProcessFamily.kill(family, root: pid, pipeInodes: [])
        _ = waitForExit(seconds: 2)
        closeAll()
    }

    // MARK: Platform shapes (the spawn types are structs on Glibc, optional pointers on Darwin)

    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        // (pipe2 is not exported by Swift's Glibc module; the window between pipe and fcntl
        // matters only if another thread spawns at that instant, which `spawning` rules out.)
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    #if canImport(Darwin)
    private static func makeFileActions() -> posix_spawn_file_actions_t? {
        var actions: posix_spawn_file_actions_t?
        posix_spawn_file_actions_init(&actions)
        return actions
    }

    private static func makeAttributes() -> posix_spawnattr_t? {
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        return attributes
    }
    #else
    private static func makeFileActions() -> posix_spawn_file_actions_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        return actions
    }

    private static func makeAttributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        return attributes
    }
    #endif
}
