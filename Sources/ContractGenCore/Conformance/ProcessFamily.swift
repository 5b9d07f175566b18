/// The processes a testee started, so that stopping it leaves none behind: its process group,
/// its descendants, and whatever still holds one of its pipes (a `setsid` grandchild leaves the
/// group, and once its parent exits it is no longer a descendant either; it still holds the pipes).
import Foundation
import CProcessControl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ProcessFamily {
    /// Makes the runner the subreaper of everything its testees start (Linux; elsewhere a daemon
    /// that leaves its testee's session and pipes cannot be found again: docs/conformance.md).
    static func becomeSubreaper() {
        _ = contract_gen_become_subreaper()
    }

    /// Kills every child of the runner it did not spawn itself: orphans of testees that came back
    /// to it as their subreaper, and their descendants, then reaps them.
    static func killAdopted() {
        #if os(Linux)
        let me = getpid()
        for _ in 0..<10 {
            let adopted: Set<pid_t> = ChildProcess.withoutSpawning {
                let live = ChildProcess.livePIDs
                return Set(processTable().filter { $0.ppid == me && !live.contains($0.pid) }.map(\.pid))
            }
            if adopted.isEmpty { return }
            for pid in adopted {
                let family = members(root: pid, pipeInodes: [])
                for member in family { Glibc.kill(member, SIGSTOP) }
                for member in family { Glibc.kill(member, SIGKILL) }
                _ = waitpid(pid, nil, 0)
            }
        }
        #endif
    }

    /// Every live process belonging to the testee `root`: its process group, whatever holds one
    /// of its pipes, `known` members, and the descendants of all of these. Linux only (read from
    /// /proc); elsewhere empty, and stopping relies on the process group alone.
    static func members(root: pid_t, pipeInodes: Set<UInt64>, known: Set<pid_t> = []) -> Set<pid_t> {
        #if os(Linux)
        let table = processTable()
        let me = getpid()
        var members: Set<pid_t> = known.union([root])
        for entry in table where entry.pgrp == root { members.insert(entry.pid) }
        if !pipeInodes.isEmpty {
            let links = Set(pipeInodes.map { "pipe:[\($0)]" })
            // A child of the runner other than `root` is another testee (or, for an instant
            // after posix_spawn forked it, a copy of the runner holding every descriptor the
            // runner has): never a member, whatever it holds.
            for entry in table where entry.pid != me && (entry.ppid != me || entry.pid == root) && holdsPipe(entry.pid, links) {
                members.insert(entry.pid)
            }
        }
        // Close over descendants (a child of a member is a member).
        var grew = true
        while grew {
            grew = false
            for entry in table where !members.contains(entry.pid) && members.contains(entry.ppid) {
                members.insert(entry.pid)
                grew = true
            }
        }
        members.remove(me)
        members.remove(1)
        return members
        #else
        return []
        #endif
    }

    /// Gives the members (except `root`, already reaped) a moment to exit on their own (their
    /// input is closed), then freezes the rest with SIGSTOP, rescanning until no new member
    /// appears (a member may fork while it is being killed), and SIGKILLs them all.
    static func kill(_ known: Set<pid_t>, root: pid_t, pipeInodes: Set<UInt64>) {
        #if os(Linux)
        let deadline = Date().addingTimeInterval(0.3)
        var alive = known.subtracting([root]).filter(isAlive)
        while !alive.isEmpty, Date() < deadline {
            usleep(10_000)
            alive = alive.filter(isAlive)
        }
        var stopped: Set<pid_t> = []
        for _ in 0..<20 {
            let fresh = members(root: root, pipeInodes: pipeInodes, known: alive.union(stopped))
                .subtracting([root]).subtracting(stopped).filter(isAlive)
            if fresh.isEmpty { break }
            for pid in fresh { Glibc.kill(pid, SIGSTOP) }
            stopped.formUnion(fresh)
            alive = []
        }
        for pid in stopped { Glibc.kill(pid, SIGKILL) }
        #endif
    }

    /// Alive and not a zombie (a zombie is dead; only its parent's wait is missing).
    static func isAlive(_ pid: pid_t) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].drop(while: { $0 == " " }).first
        return state != "Z" && state != "X"
        #else
        return kill(pid, 0) == 0
        #endif
    }

    #if os(Linux)
    struct Entry {
        var pid: pid_t
        var ppid: pid_t
        var pgrp: pid_t
    }

    /// pid, parent and process group of every process, from /proc/PID/stat
    /// (`pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses, so split after the last `)`).
    static func processTable() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var table: [Entry] = []
        for name in names {
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let ppid = pid_t(fields[1]), let pgrp = pid_t(fields[2]) else { continue }
            table.append(Entry(pid: pid, ppid: ppid, pgrp: pgrp))
        }
        return table
    }

    static func holdsPipe(_ pid: pid_t, _ links: Set<String>) -> Bool {
        let directory = "/proc/\(pid)/fd"
        guard let fds = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        return fds.contains { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + fd)).map(links.contains) ?? false
        }
    }
    #endif
}
