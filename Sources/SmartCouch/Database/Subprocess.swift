import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion with `posix_spawn` and `waitpid`. Foundation's `Process` on Linux
/// can miss a child's exit when waited on from a concurrency thread; this cannot.
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Returns the exit status and what the program printed (stdout and stderr together).
    static func run(_ argv: [String]) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("smartcouch-\(UUID().uuidString).out").path
        defer { unlink(outputPath) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let pid = try spawn(argv, actions: &actions)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(description: "waiting for \(argv[0]) failed: errno \(errno)") }
        }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, output)
    }

    /// Starts a program and leaves it running on its own, output discarded.
    static func detach(_ argv: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        _ = try spawn(argv, actions: &actions)
    }

    private static func spawn(_ argv: [String], actions: inout posix_spawn_file_actions_t) throws -> pid_t {
        // Only the standard descriptors go to the child. Sockets are not opened close-on-exec (NIO's are not),
        // so it would get every one this process has open, and a server it starts (PostgreSQL) would keep them
        // for its life: a listener closed here would go on accepting connections, a connection never end.
        #if canImport(Glibc)
        _ = addCloseFrom?(&actions, 3)
        #endif
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard result == 0 else { throw Failure(description: "cannot run \(argv[0]): \(String(cString: strerror(result)))") }
        return pid
    }

    #if canImport(Glibc)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later): a GNU extension, which Swift does not import.
    private static let addCloseFrom = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }
    #endif
}
