import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct SceneActionBody: Content {
    var itemId: UUID
    var command: String

    init(_ action: SceneAction) {
        itemId = action.itemId
        command = action.command
    }

    var action: SceneAction { SceneAction(itemId: itemId, command: command) }
}

/// Creating: `name` and `actions` are required. Changing: what is sent changes, the rest stays.
struct SceneInput: Content {
    var name: String?
    var guestRunnable: Bool?
    var actions: [SceneActionBody]?

    var draft: SceneService.Draft {
        SceneService.Draft(name: name, guestRunnable: guestRunnable, actions: actions?.map(\.action))
    }
}

struct SceneBody: Content {
    var id: UUID
    var couchId: UUID
    var name: String
    var guestRunnable: Bool
    var builtin: String?
    var followsDevices: Bool
    /// A scene that follows the couch's devices lists the actions it would run now.
    var actions: [SceneActionBody]
    var createdAt: Date
    var updatedAt: Date

    init(_ scene: Scene, devices: [Device]? = nil) {
        id = scene.id
        couchId = scene.couchId
        name = scene.name
        guestRunnable = scene.guestRunnable
        builtin = scene.builtin?.rawValue
        followsDevices = scene.followsDevices
        actions = (devices.map { scene.actions(on: $0) } ?? scene.actions).map(SceneActionBody.init)
        createdAt = scene.createdAt
        updatedAt = scene.updatedAt
    }
}

struct ScenePage: Content {
    var items: [SceneBody]
}

struct SceneRunBody: Content {
    struct Result: Content {
        var itemId: UUID
        var outcome: String
        var detail: String?
    }

    var sceneId: UUID
    var results: [Result]

    init(sceneId: UUID, _ results: [SceneActionResult]) {
        self.sceneId = sceneId
        self.results = results.map { Result(itemId: $0.itemId, outcome: $0.outcome.rawValue, detail: $0.detail) }
    }
}
