import SmartCouchDomain
import SmartCouchServices
import Vapor

extension Request {
    /// A UUID from the path; anything else is the client's mistake, not an unknown resource.
    func uuid(_ parameter: String, as label: String? = nil) throws -> UUID {
        let raw = parameters.get(parameter) ?? ""
        guard let id = UUID(uuidString: raw) else {
            throw AppError.badRequest("\(label ?? parameter) in the path must be a UUID, not '\(raw)'")
        }
        return id
    }

    func body<T: Decodable>(_ type: T.Type) throws -> T {
        guard let contentType = headers.contentType, contentType == .json || contentType.subType.hasSuffix("+json") else {
            throw Abort(.unsupportedMediaType, reason: "send the body as application/json")
        }
        // The bytes first: only a body that may hold a NUL is parsed a second time to name the field.
        if let bytes = body.data, JSONText.mayHoldNUL(bytes), let field = (try? content.decode(JSONText.self))?.pathOfNUL() {
            throw AppError.invalid(field.isEmpty ? "body" : field, "must not contain the NUL character (U+0000)")
        }
        return try content.decode(T.self)
    }
}
