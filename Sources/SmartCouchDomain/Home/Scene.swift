import Foundation

/// A couch's named set of device commands, run together ("Welcome", "Eco", "I'm leaving").
package struct Scene: Sendable, Equatable {
    /// The scenes every couch starts with.
    package enum Builtin: String, Sendable, CaseIterable {
        case welcome, eco
    }

    package var id: UUID
    package var couchId: UUID
    package var name: String
    /// Whether a guest in their stay window may run it, besides the host.
    package var guestRunnable: Bool
    package var builtin: Builtin?
    /// A built-in scene the host has not edited: its actions are made from the couch's devices.
    package var followsDevices: Bool
    package var actions: [SceneAction]
    package var createdAt: Date
    package var updatedAt: Date

    package init(
        id: UUID, couchId: UUID, name: String, guestRunnable: Bool, builtin: Builtin?, followsDevices: Bool, actions: [SceneAction],
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.couchId = couchId
        self.name = name
        self.guestRunnable = guestRunnable
        self.builtin = builtin
        self.followsDevices = followsDevices
        self.actions = actions
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The scene's actions on the couch's devices as they are now: a built-in scene that follows
    /// them gets its own, actions of items gone are left out.
    package func actions(on devices: [Device]) -> [SceneAction] {
        if followsDevices, let builtin { return builtin.actions(on: devices) }
        let items = Set(devices.flatMap(\.items).map(\.id))
        return actions.filter { items.contains($0.itemId) }
    }
}

/// One command of a scene, as the item takes it (`ON`, `OFF`, `21.5`, `40`, `UP`).
package struct SceneAction: Sendable, Equatable {
    package var itemId: UUID
    package var command: String

    package init(itemId: UUID, command: String) {
        self.itemId = itemId
        self.command = command
    }
}

extension Scene.Builtin {
    /// Welcome warms the flat, lights it and opens the blinds; Eco turns heating, cooling and lights
    /// off, closes the blinds and locks the doors. Neither ever unlocks a door.
    package func actions(on devices: [Device]) -> [SceneAction] {
        devices.compactMap { device -> SceneAction? in
            guard let main = device.mainItem else { return nil }
            let command: String? =
                switch (self, device.type) {
                case (.welcome, .heating), (.welcome, .light): "ON"
                case (.welcome, .blinds): "UP"
                case (.eco, .heating), (.eco, .cooling), (.eco, .light): "OFF"
                case (.eco, .blinds): "DOWN"
                case (.eco, .lock): "ON"
                default: nil
                }
            return command.map { SceneAction(itemId: main.id, command: $0) }
        }
    }
}

/// What became of one action of a scene's run.
package struct SceneActionResult: Sendable, Equatable {
    package enum Outcome: String, Sendable, CaseIterable {
        /// The device reported the commanded state.
        case ok
        /// The hub took the command, but the device did not report it done in time.
        case unconfirmed
        /// The hub or the device failed it.
        case failed
        /// Who ran the scene may not do this.
        case denied
    }

    package var itemId: UUID
    package var outcome: Outcome
    package var detail: String?

    package init(itemId: UUID, outcome: Outcome, detail: String? = nil) {
        self.itemId = itemId
        self.outcome = outcome
        self.detail = detail
    }
}
