import Crypto
import Foundation
import Logging
import SmartCouchDomain

/// A private PostgreSQL cluster run from the machine's own binaries, reachable only through a
/// Unix socket inside its data directory.
///
/// PostgreSQL refuses to run as root, so when this process is root every PostgreSQL program runs
/// as the `postgres` system user, which then owns the data directory.
package struct EmbeddedPostgres: Sendable {
    package let dataDirectory: URL
    let binaries: URL
    let runAsPostgresUser: Bool
    let logger: Logger

    package static let superuser = "postgres"
    let maxConnections: Int
    static let port = 5432

    /// - Parameter maxConnections: the cluster's `max_connections`; one server's pool needs far
    ///   fewer, a test suite running dozens of servers at once more.
    package init(dataDirectory requested: URL, logger: Logger, maxConnections: Int = 300) throws {
        self.maxConnections = maxConnections
        self.dataDirectory = Self.location(for: requested)
        if dataDirectory != requested.standardizedFileURL {
            logger.notice(
                "the postgres user cannot reach \(requested.standardizedFileURL.path) (a directory above it is closed to others), so the embedded PostgreSQL keeps its data in \(dataDirectory.path)"
            )
        }
        self.binaries = try Self.locateBinaries()
        self.runAsPostgresUser = getuid() == 0
        self.logger = logger
        // A socket path longer than the kernel's limit (107 bytes) cannot be bound.
        guard socketPath.utf8.count < 100 else {
            throw EmbeddedPostgresError("data directory path is too long for a Unix socket: \(dataDirectory.path); choose a shorter --data-dir")
        }
    }

    /// Where the cluster keeps its data when asked for `requested`. PostgreSQL runs as the
    /// `postgres` user when this process is root, and that user must walk down every directory to
    /// its data. Under a directory closed to others (root's home, /root, is 0700: the usual place
    /// for a checkout in a container) it cannot, so the cluster lives under /var/lib/smartcouch
    /// instead, in a directory named after the one asked for, so that the same checkout finds the
    /// same cluster again.
    package static func location(for requested: URL) -> URL {
        let requested = requested.standardizedFileURL
        guard getuid() == 0, let account = getpwnam(superuser), !reachable(requested, uid: account.pointee.pw_uid, gid: account.pointee.pw_gid) else {
            return requested
        }
        let digest = SHA256.hash(data: Data(requested.path.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
        return URL(fileURLWithPath: "/var/lib/smartcouch/\(requested.lastPathComponent)-\(digest)", isDirectory: true)
    }

    /// Whether the user may search every existing directory above `directory` (what it creates
    /// later is created traversable).
    static func reachable(_ directory: URL, uid: uid_t, gid: gid_t) -> Bool {
        var ancestor = directory.deletingLastPathComponent()
        while true {
            var status = stat()
            if stat(ancestor.path, &status) == 0 {
                let searchable =
                    status.st_uid == uid
                    ? status.st_mode & S_IXUSR != 0
                    : status.st_gid == gid
                        ? status.st_mode & S_IXGRP != 0
                        : status.st_mode & S_IXOTH != 0
                if !searchable { return false }
            }
            if ancestor.path == "/" { return true }
            ancestor = ancestor.deletingLastPathComponent()
        }
    }

    package var socketPath: String { dataDirectory.appendingPathComponent(".s.PGSQL.\(Self.port)").path }

    /// Starts the cluster, creating it first if the directory is empty. Returns false when a server
    /// is already running on this directory (another `serve`, or one a killed process left), which
    /// is then shared, not restarted.
    @discardableResult
    package func start() async throws -> Bool {
        try await Subprocess.onThreadOfItsOwn { try startBlocking() }
    }

    package func stop() async {
        try? await Subprocess.onThreadOfItsOwn { stopBlocking() }
    }

    /// Stops a cluster that runs with no process using it (its user was killed); true if it did.
    package func stopIfAbandoned() async -> Bool {
        (try? await Subprocess.onThreadOfItsOwn {
            guard !ClusterUse.isHeld(dataDirectory), isRunning() else { return false }
            stopBlocking()
            return true
        }) ?? false
    }

    /// Joins the processes using this cluster (see `ClusterUse`), waiting while one stops it.
    package func join() async throws -> ClusterUse {
        try await Subprocess.onThreadOfItsOwn { [dataDirectory] in try ClusterUse.join(dataDirectory) }
    }

    /// Leaves them, stopping the cluster when nobody else uses it, whoever started it.
    package func leave(_ use: ClusterUse) async {
        try? await Subprocess.onThreadOfItsOwn {
            use.leave {
                if isRunning() { stopBlocking() }
            }
        }
    }

    private func startBlocking() throws -> Bool {
        try prepareDirectory()
        if !FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("PG_VERSION").path) {
            logger.info("creating PostgreSQL cluster", metadata: ["dataDirectory": "\(dataDirectory.path)"])
            try run("initdb", ["-D", dataDirectory.path, "-U", Self.superuser, "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"])
            try writeSettings()
        }
        if isRunning() {
            logger.info("reusing the PostgreSQL server already running on \(dataDirectory.path)")
            return false
        }
        do {
            try run("pg_ctl", ["-D", dataDirectory.path, "-l", dataDirectory.appendingPathComponent("server.log").path, "-w", "-t", "60", "start"])
        } catch {
            // Another process may have started it between our check and our start.
            if isRunning() { return false }
            throw error
        }
        logger.info("PostgreSQL started", metadata: ["socket": "\(socketPath)"])
        return true
    }

    private func stopBlocking() {
        do {
            try run("pg_ctl", ["-D", dataDirectory.path, "-m", "fast", "-w", "stop"])
            logger.info("PostgreSQL stopped")
        } catch {
            logger.error("stopping PostgreSQL failed: \(error)")
        }
    }

    /// Stops the cluster and deletes its directory once the given process is gone, however it ends;
    /// for throwaway clusters (tests) that must not outlive their owner.
    package func discardWhenProcessExits(_ pid: pid_t) throws {
        let stop = command("pg_ctl", ["-D", dataDirectory.path, "-m", "immediate", "stop"])
            .map { "'\($0)'" }.joined(separator: " ")
        try Subprocess.detach(["/bin/sh", "-c", "while kill -0 \(pid) 2>/dev/null; do sleep 0.5; done; \(stop); rm -rf '\(dataDirectory.path)'"])
    }

    func isRunning() -> Bool {
        (try? run("pg_ctl", ["-D", dataDirectory.path, "status"])) != nil
    }

    private func prepareDirectory() throws {
        let fileManager = FileManager.default
        if !fileManager.fileExists(atPath: dataDirectory.path) {
            // Parents stay traversable (the postgres user must reach the directory); the cluster itself is private.
            try fileManager.createDirectory(at: dataDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.createDirectory(at: dataDirectory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        }
        if runAsPostgresUser {
            guard let account = getpwnam(Self.superuser) else {
                throw EmbeddedPostgresError("running as root needs a 'postgres' system user to run PostgreSQL; install the Debian package postgresql")
            }
            guard chown(dataDirectory.path, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                throw EmbeddedPostgresError("cannot give \(dataDirectory.path) to the postgres user")
            }
        }
    }

    private func writeSettings() throws {
        let settings = """

            # SmartCouch embedded cluster: no TCP, socket in the data directory.
            listen_addresses = ''
            unix_socket_directories = '\(dataDirectory.path)'
            port = \(Self.port)
            max_connections = \(maxConnections)
            shared_buffers = 128MB
            fsync = on

            """
        let file = try FileHandle(forWritingTo: dataDirectory.appendingPathComponent("postgresql.conf"))
        defer { try? file.close() }
        try file.seekToEnd()
        try file.write(contentsOf: Data(settings.utf8))
    }

    func command(_ program: String, _ arguments: [String]) -> [String] {
        let path = binaries.appendingPathComponent(program).path
        return runAsPostgresUser ? ["/usr/sbin/runuser", "-u", Self.superuser, "--", path] + arguments : [path] + arguments
    }

    @discardableResult
    private func run(_ program: String, _ arguments: [String]) throws -> String {
        let (status, output) = try Subprocess.run(command(program, arguments))
        guard status == 0 else {
            throw EmbeddedPostgresError("\(program) failed (exit \(status)): \(output.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return output
    }

    /// `initdb` and `pg_ctl` from PATH, else the newest `/usr/lib/postgresql/*/bin`.
    static func locateBinaries() throws -> URL {
        let fileManager = FileManager.default
        let pathDirectories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let versioned = ((try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .compactMap(Int.init).sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
        for directory in pathDirectories + versioned {
            let url = URL(fileURLWithPath: directory, isDirectory: true)
            if fileManager.isExecutableFile(atPath: url.appendingPathComponent("initdb").path),
                fileManager.isExecutableFile(atPath: url.appendingPathComponent("pg_ctl").path)
            {
                return url
            }
        }
        throw EmbeddedPostgresError(
            "PostgreSQL server binaries (initdb, pg_ctl) not found: install the Debian package postgresql (apt-get install -y postgresql), or set DATABASE_URL"
        )
    }
}

package struct EmbeddedPostgresError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
