import Foundation

/// An image shown on a couch's page. The bytes live on disk under their SHA-256; this is the row
/// that says which couch shows them, in which place.
public struct CouchImage: Sendable, Equatable {
    public var id: UUID
    public var couchId: UUID
    public var position: Int
    /// Lower-case hex; also the image's ETag, since the bytes behind an id never change.
    public var sha256: String
    public var type: ImageType
    public var byteSize: Int
    public var createdAt: Date
}

/// The image formats couches may show, recognised from their bytes, never from a file name or a
/// declared type alone.
public enum ImageType: String, Sendable, CaseIterable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case webp = "image/webp"

    /// The format whose signature `bytes` start with, if any.
    public init?(detectedIn bytes: Data) {
        let head = [UInt8](bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count == 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}
