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
        do {
            return try content.decode(T.self)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            // Foundation calls a number that fits no field (10.5 for a whole number, 1e30) "not valid
            // JSON", and names no field: valid JSON is a 422 all the same.
            if let bytes = body.data, (try? JSONSerialization.jsonObject(with: Data(buffer: bytes), options: [.fragmentsAllowed])) != nil {
                throw AppError.invalid("body", "a number does not fit its field: whole numbers where one is asked, within the field's range")
            }
            throw DecodingError.dataCorrupted(context)
        }
    }
}
