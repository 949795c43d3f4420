import Foundation

/// The operator's hub (`OPENHAB_URL`, `OPENHAB_TOKEN`), serving couches that have none of their own.
package struct DefaultHub: Sendable {
    package var baseURL: URL
    package var token: String?

    package init(baseURL: URL, token: String?) {
        self.baseURL = baseURL
        self.token = token
    }
}
