import Crypto
import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Couch images: only the owner adds and removes them, anyone reads them.
package struct ImageService: Sendable {
    let couches: CouchService
    let images: ImageRepository
    let files: ImageFileStore

    package init(couches: CouchService, images: ImageRepository, files: ImageFileStore) {
        self.couches = couches
        self.images = images
        self.files = files
    }

    /// 5 MiB, as the schema allows. Larger bodies never get here: the HTTP layer stops reading
    /// them and answers 413.
    package static let maxBytes = 5 * 1024 * 1024
    package static let maxPerCouch = 20

    /// Adds an image to the couch's gallery, after the others. `declaredType` is the media type the
    /// client claimed (nil if it claimed none); the bytes decide, and a claim they contradict is
    /// refused rather than trusted.
    package func add(to couchId: UUID, declaredType: String?, bytes: Data, by principal: Principal) async throws -> CouchImage {
        _ = try await couches.owned(couchId, by: principal)
        guard !bytes.isEmpty else { throw AppError.invalid("image", "is empty") }
        guard let type = ImageType(detectedIn: bytes) else {
            throw AppError.invalid("image", "is not a JPEG, PNG or WebP image")
        }
        if let declaredType, declaredType != type.rawValue {
            throw AppError.invalid("image", "was sent as \(declaredType) but its bytes are \(type.rawValue)")
        }
        let sha256 = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        let files = self.files
        let outcome = try await images.add(
            couchId: couchId, sha256: sha256, type: type, byteSize: bytes.count, limit: Self.maxPerCouch,
            store: { try await files.store(bytes, sha256: sha256) })
        switch outcome {
        case .added(let image): return image
        case .full: throw AppError.conflict("the couch already has \(Self.maxPerCouch) images; delete one first")
        case .noCouch: throw AppError.notFound("no couch with id \(couchId)")
        }
    }

    package enum Read: Sendable {
        /// The client's copy is current (its ETag matched).
        case unchanged(CouchImage)
        case content(CouchImage, Data)
    }

    /// The image, or `.unchanged` when one of `knownTags` (entity tags the client holds, `*` for
    /// any) names it, so that the bytes are not even read.
    package func read(_ id: UUID, knownTags: [String]) async throws -> Read {
        guard let image = try await images.find(id: id) else { throw AppError.notFound("no image with id \(id)") }
        if knownTags.contains(image.sha256) || knownTags.contains("*") { return .unchanged(image) }
        return .content(image, try await files.read(sha256: image.sha256))
    }

    package func delete(_ imageId: UUID, of couchId: UUID, by principal: Principal) async throws {
        _ = try await couches.owned(couchId, by: principal)
        let files = self.files
        guard try await images.delete(id: imageId, couchId: couchId, removeFile: { try await files.remove(sha256: $0) }) else {
            throw AppError.notFound("couch \(couchId) has no image with id \(imageId)")
        }
    }
}
