import Foundation
import OpenAPIKit
import Testing
import Vapor
import Yams

/// swagger.yaml and the routes the server registers describe the same API.
@Suite struct ContractTests {
    @Test func theContractIsAValidOpenAPI31Document() async throws {
        let document = try await Contract.document()
        try document.validate()
        #expect(document.openAPIVersion.rawValue.hasPrefix("3.1"))
        #expect(document.components.securitySchemes["bearerAuth"] != nil)
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationIsServed() async throws {
        let documented = try await Self.documentedOperations()
        try await TestServer.with { server in
            let served = Set(
                server.app.routes.all.map { route in
                    "\(route.method.rawValue) /"
                        + route.path.map { component in
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

    @Test func everyOperationDocumentsItsErrorsAndSecurity() async throws {
        let document = try await Contract.document()
        for (path, item) in document.paths {
            guard let item = item.b else { continue }
            for endpoint in item.endpoints {
                let name = "\(endpoint.method.rawValue) \(path.rawValue)"
                let codes = endpoint.operation.responses.keys.map { $0.rawValue }
                // A page's form succeeds with 303 to the page it leads to (Post/Redirect/Get).
                let form = endpoint.operation.tags?.contains("console") == true && endpoint.method.rawValue == "POST"
                #expect(codes.contains { $0.hasPrefix("2") } || form && codes.contains("303"), "\(name) documents no success response")
                let secured = endpoint.operation.security.map { !$0.isEmpty } ?? !(document.security.isEmpty)
                if secured {
                    #expect(codes.contains("401"), "\(name) needs a token but documents no 401")
                }
            }
        }
    }

    /// OpenAPI forbids two paths that differ only in a parameter's name; generators refuse them or
    /// make one of them unreachable.
    @Test func noTwoPathsDifferOnlyInAParameterName() async throws {
        let shapes = try await Contract.document().paths.keys.map { path in
            "/" + path.components.map { $0.hasPrefix("{") ? "{}" : $0 }.joined(separator: "/")
        }
        let repeated = Dictionary(grouping: shapes, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "identical templated paths: \(repeated)")
    }

    /// Generated clients make a field optional unless `required` names it, so every JSON request
    /// body says what it requires, even when that is nothing.
    @Test func everyRequestBodyListsWhatItRequires() throws {
        let raw = try Self.rawDocument()
        for (name, operation) in Self.operations(raw) {
            let content = ((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
            for (mediaType, media) in content where mediaType.hasSuffix("json") || mediaType.hasPrefix("multipart/") {
                let schema = Self.resolve((media as? [String: Any])?["schema"], in: raw)
                #expect(schema["required"] is [Any], "\(name) \(mediaType): the body has no `required` list")
            }
        }
    }

    /// A page's `limit` out of its range is a 422 (PageQuery), so every operation taking one says so.
    @Test func everyOperationTakingALimitDocumentsItsRefusal() throws {
        let raw = try Self.rawDocument()
        for (name, operation) in Self.operations(raw) {
            let limited = ((operation["parameters"] as? [Any]) ?? []).contains { Self.resolve($0, in: raw)["name"] as? String == "limit" }
            let responses = (operation["responses"] as? [String: Any]) ?? [:]
            #expect(!limited || responses["422"] != nil, "\(name) takes a limit but documents no 422")
        }
    }

    /// A generated model fills in defaults, so a default in a PATCH body overwrites what the caller
    /// never meant to touch.
    @Test func noPatchBodyDeclaresADefault() throws {
        let raw = try Self.rawDocument()
        for (name, operation) in Self.operations(raw) where name.hasPrefix("patch ") {
            let content = ((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
            for media in content.values {
                let defaults = Self.defaults(in: Self.resolve((media as? [String: Any])?["schema"], in: raw), raw: raw)
                #expect(defaults.isEmpty, "\(name) declares defaults for \(defaults)")
            }
        }
    }

    /// Bytes that are neither JSON nor text (images, multipart file parts) are described as
    /// `format: binary`, which generators turn into a byte body or a file part. Text (the
    /// calendar, the guest's page, its stylesheet, this document) is a plain string: a generated
    /// client that wraps text as bytes crashes on it (openapi-python-client: a TypeError).
    @Test func bytesAreBinaryAndTextIsText() throws {
        let raw = try Self.rawDocument()
        for (name, operation) in Self.operations(raw) {
            var contents: [(String, Any)] = []
            if let body = (operation["requestBody"] as? [String: Any])?["content"] as? [String: Any] {
                contents += body.map { ("request \($0.key)", $0.value) }
            }
            for (status, response) in (operation["responses"] as? [String: Any]) ?? [:] {
                let content = (Self.resolve(response, in: raw)["content"] as? [String: Any]) ?? [:]
                contents += content.map { ("\(status) \($0.key)", $0.value) }
            }
            for (place, media) in contents {
                let schema = Self.resolve((media as? [String: Any])?["schema"], in: raw)
                if place.hasSuffix("multipart/form-data") {
                    for (part, property) in (schema["properties"] as? [String: Any]) ?? [:] {
                        let property = Self.resolve(property, in: raw)
                        if property["contentMediaType"] != nil {
                            #expect(property["format"] as? String == "binary", "\(name) \(place) part \(part) is not binary")
                        }
                    }
                } else if place.hasSuffix("application/x-www-form-urlencoded") {
                    #expect(schema["type"] as? String == "object", "\(name) \(place): a form is its fields")
                } else if place.contains(" text/") || place.hasSuffix("application/yaml") {
                    #expect(schema["type"] as? String == "string" && schema["format"] == nil, "\(name) \(place) is text, not described as text")
                } else if !place.hasSuffix("json") {
                    #expect(schema["format"] as? String == "binary", "\(name) \(place) is not described as binary")
                }
            }
        }
    }

    static func rawDocument() throws -> [String: Any] {
        let yaml = try String(contentsOf: TestDatabases.projectFiles.contract, encoding: .utf8)
        return try #require(try Yams.load(yaml: yaml) as? [String: Any])
    }

    /// Every operation of the raw document as ("method /path", its object).
    static func operations(_ raw: [String: Any]) -> [(String, [String: Any])] {
        let methods: Set = ["get", "put", "post", "delete", "patch", "head", "options"]
        return ((raw["paths"] as? [String: Any]) ?? [:]).flatMap { path, item in
            ((item as? [String: Any]) ?? [:]).compactMap { method, operation in
                methods.contains(method) ? ("\(method) \(path)", (operation as? [String: Any]) ?? [:]) : nil
            }
        }
    }

    static func resolve(_ node: Any?, in raw: [String: Any]) -> [String: Any] {
        var node = (node as? [String: Any]) ?? [:]
        while let reference = node["$ref"] as? String {
            node = reference.dropFirst(2).split(separator: "/").reduce(raw as Any?) { ($0 as? [String: Any])?[String($1)] } as? [String: Any] ?? [:]
        }
        return node
    }

    /// The properties (by path) that declare a default, however deep.
    static func defaults(in schema: [String: Any], raw: [String: Any], at path: String = "") -> [String] {
        var found = schema["default"] != nil ? [path.isEmpty ? "(the body)" : path] : []
        for (name, property) in (schema["properties"] as? [String: Any]) ?? [:] {
            found += defaults(in: resolve(property, in: raw), raw: raw, at: path.isEmpty ? name : "\(path).\(name)")
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            for member in (schema[key] as? [Any]) ?? [] { found += defaults(in: resolve(member, in: raw), raw: raw, at: path) }
        }
        return found
    }

    /// Operations as "METHOD /path" with parameter names erased: the router knows a parameter's
    /// position, not the descriptive name the contract gives it.
    static func documentedOperations() async throws -> Set<String> {
        let document = try await Contract.document()
        var operations: Set<String> = []
        for (path, item) in document.paths {
            guard let item = item.b else { continue }
            let shape = "/" + path.components.map { $0.hasPrefix("{") ? "{}" : $0 }.joined(separator: "/")
            for endpoint in item.endpoints { operations.insert("\(endpoint.method.rawValue) \(shape)") }
        }
        return operations
    }

}
