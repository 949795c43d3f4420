import SmartCouchDomain
import SmartCouchServices
import Vapor

/// PostgreSQL text cannot hold U+0000: a string with one fails in the database (as a 500, after
/// whatever the request did before it). No SmartCouch text may contain it, so it is refused where
/// text comes in: in the URL here, in JSON bodies by `Request.body`.
struct NULCharacterMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        // Only `%00` decodes to U+0000; HTTP/1 parsing already refuses a raw NUL byte.
        if request.url.string.range(of: "%00", options: .caseInsensitive) != nil {
            throw AppError.badRequest("the URL must not contain the NUL character (%00)")
        }
        return try await next.respond(to: request)
    }
}

/// Any JSON document, reduced to what can hold text.
enum JSONText: Decodable {
    /// Whether JSON text can decode to a string with U+0000 in it: it has a `\u0000` escape (not an
    /// escaped backslash followed by `u0000`) or a raw zero byte.
    static func mayHoldNUL(_ buffer: ByteBuffer) -> Bool {
        buffer.withUnsafeReadableBytes { bytes in
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case 0:
                    return true
                case UInt8(ascii: "\\"):
                    if index + 5 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"),
                        bytes[index + 2] == UInt8(ascii: "0"), bytes[index + 3] == UInt8(ascii: "0"),
                        bytes[index + 4] == UInt8(ascii: "0"), bytes[index + 5] == UInt8(ascii: "0")
                    {
                        return true
                    }
                    index += 2
                default:
                    index += 1
                }
            }
            return false
        }
    }

    case string(String)
    case array([JSONText])
    case object([String: JSONText])
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONText].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: JSONText].self) {
            self = .object(object)
        } else {
            self = .other
        }
    }

    /// The path of the first string (or key) with a NUL character, as validation errors name fields.
    /// Scalars, not characters: a NUL followed by a combining mark is one character that is not "\0".
    func pathOfNUL(at path: String = "") -> String? {
        switch self {
        case .string(let string):
            return string.unicodeScalars.contains("\0") ? path : nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = element.pathOfNUL(at: "\(path)[\(index)]") { return found }
            }
        case .object(let members):
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                let member = path.isEmpty ? key : "\(path).\(key)"
                if key.unicodeScalars.contains("\0") { return member }
                if let found = value.pathOfNUL(at: member) { return found }
            }
        case .other:
            break
        }
        return nil
    }
}
