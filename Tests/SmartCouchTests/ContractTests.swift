import Foundation
import OpenAPIKit
import Testing
import Vapor
import Yams

/// swagger.yaml and the routes the server registers describe the same API.
@Suite struct ContractTests {
    @Test func theContractIsAValidOpenAPI31Document() throws {
        let document = try Self.document()
        try document.validate()
        #expect(document.openAPIVersion.rawValue.hasPrefix("3.1"))
        #expect(document.components.securitySchemes["bearerAuth"] != nil)
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationIsServed() async throws {
        let documented = try Self.documentedOperations()
        try await TestServer.with { server in
            let served = Set(server.app.routes.all.map { route in
                "\(route.method.rawValue) /" + route.path.map { component in
                    switch component {
                    case .constant(let value): value
                    case .parameter: "{}"
                    case .anything: "*"
                    case .catchall: "**"
                    }
                }.joined(separator: "/")
            })
            let undocumented = served.subtracting(documented).sorted()
            let unserved = documented.subtracting(served).sorted()
            #expect(undocumented.isEmpty, "routes missing from swagger.yaml: \(undocumented)")
            #expect(unserved.isEmpty, "documented in swagger.yaml but not served: \(unserved)")
        }
    }

    @Test func everyOperationDocumentsItsErrorsAndSecurity() throws {
        let document = try Self.document()
        for (path, item) in document.paths {
            guard let item = item.b else { continue }
            for endpoint in item.endpoints {
                let name = "\(endpoint.method.rawValue) \(path.rawValue)"
                let codes = endpoint.operation.responses.keys.map { $0.rawValue }
                #expect(codes.contains { $0.hasPrefix("2") }, "\(name) documents no success response")
                let secured = endpoint.operation.security.map { !$0.isEmpty } ?? !(document.security.isEmpty)
                if secured {
                    #expect(codes.contains("401"), "\(name) needs a token but documents no 401")
                }
            }
        }
    }

    /// Operations as "METHOD /path" with parameter names erased: the router knows a parameter's
    /// position, not the descriptive name the contract gives it.
    static func documentedOperations() throws -> Set<String> {
        let document = try document()
        var operations: Set<String> = []
        for (path, item) in document.paths {
            guard let item = item.b else { continue }
            let shape = "/" + path.components.map { $0.hasPrefix("{") ? "{}" : $0 }.joined(separator: "/")
            for endpoint in item.endpoints { operations.insert("\(endpoint.method.rawValue) \(shape)") }
        }
        return operations
    }

    static func document() throws -> OpenAPI.Document {
        let yaml = try String(contentsOf: TestDatabases.projectFiles.contract, encoding: .utf8)
        return try YAMLDecoder().decode(OpenAPI.Document.self, from: yaml)
    }
}
