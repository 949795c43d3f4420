import Foundation
import OpenAPIKit
import Testing
import Vapor
import Yams

/// swagger.yaml, parsed.
enum Contract {
    static func document() throws -> OpenAPI.Document {
        let yaml = try String(contentsOf: TestDatabases.projectFiles.contract, encoding: .utf8)
        return try YAMLDecoder().decode(OpenAPI.Document.self, from: yaml)
    }
}
