import Foundation

/// An image shown on a couch's page. The bytes live on disk under their SHA-256; this is the row
/// that says which couch shows them, in which place.
package struct CouchImage: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var position: Int
    /// Lower-case hex; also the image's ETag, since the bytes behind an id never change.
    package var sha256: String
    package var type: ImageType
    package var byteSize: Int
    package var createdAt: Date

    package init(id: UUID, couchId: UUID, position: Int, sha256: String, type: ImageType, byteSize: Int, createdAt: Date) {
        self.id = id
        self.couchId = couchId
        self.position = position
        self.sha256 = sha256
        self.type = type
        self.byteSize = byteSize
        self.createdAt = createdAt
    }
}

/// The image formats couches may show, recognised from their bytes, never from a file name or a
/// declared type alone.
package enum ImageType: String, Sendable, CaseIterable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case webp = "image/webp"

    /// The format whose signature `bytes` start with, if any.
    package init?(detectedIn bytes: Data) {
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
