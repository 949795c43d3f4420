import Foundation
import NIOPosix
import SmartCouchDomain

/// Image bytes on disk, named by their SHA-256 and fanned out by its first two hex digits so that
/// no directory grows too large. A name always holds the same bytes, so a file is written once
/// and shared by every row with that digest.
package struct ImageFileStore: Sendable {
    let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    /// Makes the directory if it is missing and checks that files can be written there, so that a
    /// wrong setting stops the start rather than failing every upload.
    package func prepare() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let probe = directory.appendingPathComponent(".write-check-\(UUID().uuidString)")
        try Data().write(to: probe)
        try FileManager.default.removeItem(at: probe)
    }

    func url(of sha256: String) -> URL {
        directory.appendingPathComponent(String(sha256.prefix(2)), isDirectory: true).appendingPathComponent(sha256)
    }

    /// Writes the bytes unless a file with this digest exists. A temporary file renamed into place
    /// means readers see the whole image or none, even if the process dies while writing.
    package func store(_ bytes: Data, sha256: String) async throws {
        let target = url(of: sha256)
        try await NIOThreadPool.singleton.runIfActive {
            let fileManager = FileManager.default
            if fileManager.fileExists(atPath: target.path) { return }
            let folder = target.deletingLastPathComponent()
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(".\(sha256).\(UUID().uuidString).tmp")
            do {
                try bytes.write(to: temporary)
                let handle = try FileHandle(forUpdating: temporary)
                try handle.synchronize()
                try handle.close()
                guard rename(temporary.path, target.path) == 0 else {
                    throw CocoaError(.fileWriteUnknown)
                }
            } catch {
                try? fileManager.removeItem(at: temporary)
                throw error
            }
        }
    }

    package func read(sha256: String) async throws -> Data {
        let source = url(of: sha256)
        return try await NIOThreadPool.singleton.runIfActive { try Data(contentsOf: source) }
    }

    package func remove(sha256: String) async throws {
        let target = url(of: sha256)
        try await NIOThreadPool.singleton.runIfActive {
            do {
                try FileManager.default.removeItem(at: target)
            } catch  where !FileManager.default.fileExists(atPath: target.path) {
                // Already gone: what removing wanted.
            }
        }
    }
}
