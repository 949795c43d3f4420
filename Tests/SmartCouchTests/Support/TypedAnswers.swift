import Foundation
import SmartCouchKit

@testable import SmartCouchDomain

/// The contract's types, as the client generated from swagger.yaml has them.
typealias Schemas = Components.Schemas

extension TestResponse {
    /// The body as the contract's type for it. A field the type does not know fails here: a field
    /// renamed on either side then fails the test, where reading it from a dictionary would find
    /// it absent and pass a check that it is absent.
    func decoded<Body: Codable>(as type: Body.Type = Body.self) throws -> Body {
        try strictlyDecoded(body, as: type)
    }
}

extension [String: Any] {
    /// The object, read from an answer already, as the contract's type for it (see `decoded(as:)`).
    func typed<Body: Codable>(as type: Body.Type = Body.self) throws -> Body {
        try strictlyDecoded(JSONSerialization.data(withJSONObject: self), as: type)
    }
}

private func strictlyDecoded<Body: Codable>(_ json: Data, as type: Body.Type) throws -> Body {
    let text = String(decoding: json, as: UTF8.self)
    let value: Body
    do {
        value = try JSONCoding.decoder.decode(Body.self, from: json)
    } catch {
        throw TestFailure("the body is not a \(Body.self): \(error): \(text)")
    }
    let original = try JSONSerialization.jsonObject(with: json)
    let known = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
    let unknown = UnknownFields.paths(in: original, missingFrom: known, at: "")
    guard unknown.isEmpty else { throw TestFailure("\(Body.self) has no field \(unknown.joined(separator: ", ")): \(text)") }
    return value
}

private enum UnknownFields {
    /// Paths of the fields in `original` that are not in `known`; an explicit null counts as absent.
    static func paths(in original: Any, missingFrom known: Any, at path: String) -> [String] {
        switch (original, known) {
        case (let original as [String: Any], let known as [String: Any]):
            return original.sorted { $0.key < $1.key }.flatMap { key, value -> [String] in
                if value is NSNull { return [] }
                guard let counterpart = known[key] else { return ["\(path).\(key)"] }
                return paths(in: value, missingFrom: counterpart, at: "\(path).\(key)")
            }
        case (let original as [Any], let known as [Any]) where original.count == known.count:
            return zip(original, known).enumerated().flatMap { index, pair in
                paths(in: pair.0, missingFrom: pair.1, at: "\(path)[\(index)]")
            }
        default:
            return []
        }
    }
}
