import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// This process's use of an embedded cluster, shared with every other SmartCouch process on the
/// same data directory (a second `serve`, a `promote` while the server runs) through a lock file
/// beside it, so that the last one out stops the cluster, whoever started it.
///
/// Every user holds a shared `flock` for as long as it uses the cluster. Leaving, it lets go of its
/// own and asks for the lock exclusively without waiting: only when nobody else holds it does it
/// stop the cluster, and users arriving meanwhile wait until the cluster has stopped before they
/// start it again. The kernel drops a killed process's lock, so a cluster a SIGKILL orphaned is
/// adopted by the next user and stopped when that one leaves, instead of running on unowned.
package final class ClusterUse: Sendable {
    private let descriptor: Int32
    let path: String

    /// Joins the users of the cluster in `dataDirectory`, waiting while one of them stops it.
    static func join(_ dataDirectory: URL) throws -> ClusterUse {
        let path = dataDirectory.standardizedFileURL.path + ".lock"
        try FileManager.default.createDirectory(at: dataDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw EmbeddedPostgresError("cannot open \(path): \(String(cString: strerror(errno)))") }
        guard Self.lock(descriptor, LOCK_SH) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw EmbeddedPostgresError("cannot lock \(path): \(reason)")
        }
        return ClusterUse(descriptor: descriptor, path: path)
    }

    /// Whether some process uses the cluster in `dataDirectory` now.
    static func isHeld(_ dataDirectory: URL) -> Bool {
        let descriptor = open(dataDirectory.standardizedFileURL.path + ".lock", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return lock(descriptor, LOCK_EX | LOCK_NB) != 0
    }

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Leaves; runs `stop` first when this was the last user. Blocks (for `stop`): call it off the
    /// shared thread pool.
    func leave(stoppingIfLast stop: () -> Void) {
        defer { close(descriptor) }
        _ = Self.lock(descriptor, LOCK_UN)
        guard Self.lock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
        stop()
    }

    private static func lock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
        while true {
            let result = flock(descriptor, operation)
            if result == 0 || errno != EINTR { return result }
        }
    }
}
