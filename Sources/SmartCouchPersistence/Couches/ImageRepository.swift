import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct ImageRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Advisory locks of this class serialise, per digest, writing a file with adding a row and
    /// removing the last row with removing the file. The two-key form keeps them apart from the
    /// migration runner's one-key lock.
    static let digestLockClass: Int32 = 0x494D_4746 // "IMGF"

    static let columns = "id, couch_id, position, sha256, content_type, byte_size, created_at"

    package enum AddOutcome: Sendable {
        case added(CouchImage)
        case full
        case noCouch
    }

    /// Adds an image at the couch's next position unless it already shows `limit`; `store` puts the
    /// bytes on disk first. The couch row is locked, so concurrent uploads cannot pass the limit
    /// together; the digest is locked, so a concurrent delete cannot remove the file this row needs.
    package func add(
        couchId: UUID, sha256: String, type: ImageType, byteSize: Int, limit: Int,
        store: @escaping @Sendable () async throws -> Void
    ) async throws -> AddOutcome {
        try await client.transaction(logger: logger) { connection in
            let couch = try await connection.query("SELECT 1 FROM couches WHERE id = \(couchId) FOR UPDATE", logger: logger)
            var exists = false
            for try await _ in couch { exists = true }
            guard exists else { return .noCouch }
            let counted = try await connection.query(
                """
                SELECT count(*)::int, coalesce(max(position) + 1, 0) FROM couch_images WHERE couch_id = \(couchId)
                """, logger: logger)
            var next = 0
            for try await (count, position) in counted.decode((Int, Int).self) {
                if count >= limit { return .full }
                next = position
            }
            try await connection.execute(
                "SELECT pg_advisory_xact_lock(\(Self.digestLockClass), hashtext(\(sha256)))", logger: logger)
            // If the insert fails after this, the file may stay without a row: harmless, and the
            // next upload of the same bytes uses it.
            try await store()
            let rows = try await connection.query(
                """
                INSERT INTO couch_images (couch_id, position, sha256, content_type, byte_size)
                VALUES (\(couchId), \(next), \(sha256), \(type.rawValue), \(byteSize))
                RETURNING \(unescaped: Self.columns)
                """, logger: logger)
            return .added(try await Self.images(from: rows)[0])
        }
    }

    package func find(id: UUID) async throws -> CouchImage? {
        try await Self.images(
            from: client.query(
                "SELECT \(unescaped: Self.columns) FROM couch_images WHERE id = \(id)", logger: logger)
        ).first
    }

    /// Removes the couch's image row; when no other row shows the same bytes, `removeFile` runs
    /// before the commit, under the digest's lock, so an upload of those bytes waits and writes the
    /// file again. False when the couch has no such image.
    package func delete(id: UUID, couchId: UUID, removeFile: @escaping @Sendable (String) async throws -> Void) async throws -> Bool {
        try await client.transaction(logger: logger) { connection in
            let deleted = try await connection.query(
                "DELETE FROM couch_images WHERE id = \(id) AND couch_id = \(couchId) RETURNING sha256", logger: logger)
            var digest: String?
            for try await sha256 in deleted.decode(String.self) { digest = sha256 }
            guard let digest else { return false }
            try await removeFileIfUnshown(digest, on: connection, removeFile)
            return true
        }
    }

    /// Removes the files of those digests no row shows any more, as after a couch went with its images.
    package func removeFilesIfUnshown(_ digests: Set<String>, removeFile: @escaping @Sendable (String) async throws -> Void) async throws {
        for digest in digests {
            try await client.transaction(logger: logger) { connection in
                try await removeFileIfUnshown(digest, on: connection, removeFile)
            }
        }
    }

    /// Under the digest's lock, so that an upload of the same bytes waits and writes the file again.
    private func removeFileIfUnshown(
        _ digest: String, on connection: PostgresConnection, _ removeFile: @Sendable (String) async throws -> Void
    ) async throws {
        try await connection.execute(
            "SELECT pg_advisory_xact_lock(\(Self.digestLockClass), hashtext(\(digest)))", logger: logger)
        let others = try await connection.query(
            "SELECT EXISTS (SELECT 1 FROM couch_images WHERE sha256 = \(digest))", logger: logger)
        for try await shown in others.decode(Bool.self) where !shown {
            try await removeFile(digest)
        }
    }

    static func images(from rows: PostgresRowSequence) async throws -> [CouchImage] {
        var images: [CouchImage] = []
        for try await (id, couchId, position, sha256, contentType, byteSize, createdAt) in rows.decode(
            (UUID, UUID, Int, String, String, Int, Date).self)
        {
            guard let type = ImageType(rawValue: contentType) else { throw UnknownStoredValue("an image type", contentType) }
            images.append(
                CouchImage(
                    id: id, couchId: couchId, position: position, sha256: sha256, type: type, byteSize: byteSize, createdAt: createdAt))
        }
        return images
    }
}
