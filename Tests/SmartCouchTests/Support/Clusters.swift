import Foundation
import NIOHTTP1
import OpenHABSimulator
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// Server processes on an embedded cluster of their own, and whether that cluster still runs.
enum Clusters {
    /// `serve` on a data directory of its own, so that it starts and stops the cluster itself.
    static func ownCluster(_ environment: [String: String]) throws -> (ServerProcess, URL) {
        let dataDirectory = URL(fileURLWithPath: "/tmp/smartcouch-stop-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        let server = try ServerProcess(
            ["serve", "--data-dir", dataDirectory.path], port: try ServerProcess.freePort(),
            output: dataDirectory.path + ".out", environment: ServerProcess.environment(environment))
        return (server, dataDirectory)
    }

    /// Whether a PostgreSQL server runs on the data directory (where it ended up, for root).
    static func clusterRuns(_ dataDirectory: URL) throws -> Bool {
        FileManager.default.fileExists(atPath: EmbeddedPostgres.location(for: dataDirectory).appendingPathComponent("postmaster.pid").path)
    }
}
