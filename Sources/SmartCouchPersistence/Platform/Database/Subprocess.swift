import Foundation
import SmartCouchDomain

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion with `posix_spawn` and `waitpid`. Foundation's `Process` on Linux
/// can miss a child's exit when waited on from a concurrency thread; this cannot.
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// Returns the exit status and what the program printed (stdout and stderr together).
    static func run(_ argv: [String]) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("smartcouch-\(UUID().uuidString).out").path
        defer { unlink(outputPath) }
        let pid = try launch(argv, output: outputPath)
        var status: Int32?
        while status == nil { status = try exitStatus(of: pid, waiting: true) }
        return (status ?? 0, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    /// `run`, waited for on a thread of its own, for async callers.
    static func finished(_ argv: [String]) async throws -> (status: Int32, output: String) {
        try await onThreadOfItsOwn { try run(argv) }
    }

    /// Blocking work (`pg_ctl` takes seconds) on a thread of its own, never on the concurrency
    /// pool: the pool has a thread per core, and each one blocked stalls every task of the
    /// process (a test run's simulators answered nothing for 30 s), or, for a stopping server,
    /// queues the cluster's stop behind its password hashes.
    static func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Starts a program and leaves it running on its own, output discarded.
    static func detach(_ argv: [String]) throws {
        _ = try launch(argv, output: "/dev/null")
    }

    /// Starts a program with its stdout and stderr going to the file at `output`, in this
    /// process's environment or the one given.
    static func launch(_ argv: [String], output: String, environment: [String: String]? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        return try spawn(argv, actions: &actions, environment: environment)
    }

    /// The exit status of a child that has ended (128 + signal when a signal ended it); nil while it
    /// runs, when not `waiting`.
    static func exitStatus(of pid: pid_t, waiting: Bool) throws -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, waiting ? 0 : WNOHANG)
            if result == pid { break }
            if result == 0 { return nil }
            guard errno == EINTR else { throw Failure(description: "waiting for process \(pid) failed: errno \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private static func spawn(_ argv: [String], actions: inout posix_spawn_file_actions_t, environment: [String: String]? = nil) throws -> pid_t {
        // Only the standard descriptors go to the child. Sockets are not opened close-on-exec (NIO's are not),
        // so it would get every one this process has open, and a server it starts (PostgreSQL) would keep them
        // for its life: a listener closed here would go on accepting connections, a connection never end.
        #if canImport(Glibc)
            _ = addCloseFrom?(&actions, 3)
        #endif
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var cEnvironment = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { cEnvironment?.forEach { free($0) } }
        // A process group of its own, with SIGINT and SIGTERM as the system sets them: a Ctrl-C at
        // the terminal is this process's to handle (it stops the cluster in order), not initdb's or
        // PostgreSQL's to die of half-way, and the signals this process ignores stay its own.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result =
            cEnvironment == nil
            ? posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
            : posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment!)
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
