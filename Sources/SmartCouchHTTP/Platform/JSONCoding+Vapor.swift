import SmartCouchDomain
import Vapor

extension JSONCoding {
    /// Vapor's content configuration is process-wide; several applications (tests) share it.
    static func install() { _ = installed }

    private static let installed: Void = {
        ContentConfiguration.global.use(encoder: encoder, for: .json)
        ContentConfiguration.global.use(decoder: decoder, for: .json)
    }()
}

extension CanonicalJSONEncoder: ContentEncoder {
    package func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        headers.contentType = .json
        try body.writeBytes(bytes(of: encodable))
    }
}
