import Foundation
import SmartCouchDomain

/// What a scene run from the guest's page came to, carried across the page's redirect in a cookie
/// that the page's next answer clears: the page says it once, and Reload shows the page without
/// running the scene again. Only counts travel; the scene's name is read from the couch.
struct SceneRunNotice: Equatable {
    static let cookie = "scene-run"
    /// Long enough for the redirect's GET on a slow phone connection, not for a later visit.
    static let lifetime = 60

    var sceneId: UUID
    var total: Int
    var notDone: Int
    var unconfirmed: Int

    /// A guest cannot tell a failed action from one the host keeps for themselves, nor do anything
    /// different about them, so both are "not done".
    init(sceneId: UUID, _ results: [SceneActionResult]) {
        self.sceneId = sceneId
        total = results.count
        notDone = results.count { [.failed, .denied].contains($0.outcome) }
        unconfirmed = results.count { $0.outcome == .unconfirmed }
    }

    /// Nil for any value this server did not write: the cookie is the browser's to change.
    init?(cookie value: String) {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, let sceneId = UUID(uuidString: String(parts[0])) else { return nil }
        let counts = parts.dropFirst().compactMap { Int($0) }.filter { (0...10_000).contains($0) }
        guard counts.count == 3, counts[1] + counts[2] <= counts[0] else { return nil }
        self.sceneId = sceneId
        (total, notDone, unconfirmed) = (counts[0], counts[1], counts[2])
    }

    var cookieValue: String { "\(sceneId.uuidString.lowercased()).\(total).\(notDone).\(unconfirmed)" }

    /// "Welcome: done.", in the guest's language.
    func text(scene name: String, _ t: PageCatalogue.Language) -> String {
        let key = total == 0 ? "sceneEmpty" : notDone > 0 ? "sceneNotDone" : unconfirmed > 0 ? "sceneUnconfirmed" : "sceneDone"
        return t(key, ["scene": name, "count": String(notDone > 0 ? notDone : unconfirmed), "total": String(total)])
    }
}
