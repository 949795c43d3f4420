import Foundation
import OpenAPIKit
import Testing
import Vapor
import Yams

/// swagger.yaml, parsed once per run on a thread of its own. Parsing it throws and catches
/// errors all along the decoder, and the test library records a backtrace at each throw: done by every
/// test that reads it, on the concurrency pool, it held both of the pool's threads for the first
/// 20–40 s of every run, so that no other test (nor any in-process simulator) moved meanwhile.
enum Contract {
    static func document() async throws -> OpenAPI.Document {
        try await parsed.value
    }

    private static let parsed = Task<OpenAPI.Document, any Error> {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        let yaml = try String(contentsOf: TestDatabases.projectFiles.contract, encoding: .utf8)
                        return try YAMLDecoder().decode(OpenAPI.Document.self, from: yaml)
                    })
            }.start()
        }
    }
}
