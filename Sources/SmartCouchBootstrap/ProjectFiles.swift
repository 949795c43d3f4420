import Foundation
import SmartCouchDomain

/// Where the contract, the migrations and the guest's page (templates, strings, stylesheet) live. They sit at the repository root rather than inside
/// the module, so a checkout is found from the working directory, then from this source file.
package struct ProjectFiles: Sendable {
    package var contract: URL
    package var migrations: URL
    package var pages: URL

    package init(root: URL) {
        contract = root.appendingPathComponent("swagger.yaml")
        migrations = root.appendingPathComponent("migrations", isDirectory: true)
        pages = root.appendingPathComponent("pages", isDirectory: true)
    }

    /// The files under `root` when given (`SMARTCOUCH_ROOT`), else those found from here.
    package static func locate(root: String?) throws -> ProjectFiles {
        if let root, !root.isEmpty {
            return ProjectFiles(root: URL(fileURLWithPath: root, isDirectory: true))
        }
        let sourceRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true), sourceRoot]
        for root in candidates {
            let files = ProjectFiles(root: root)
            if FileManager.default.fileExists(atPath: files.contract.path),
                FileManager.default.fileExists(atPath: files.migrations.path),
                FileManager.default.fileExists(atPath: files.pages.path)
            {
                return files
            }
        }
        throw ConfigurationError(
            "swagger.yaml, migrations/ and pages/ not found in the working directory or the source tree; run from the repository root or set SMARTCOUCH_ROOT"
        )
    }
}
