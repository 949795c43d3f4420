import Foundation
import OpenHABModels

/// An item's state changed (`openhab/items/{name}/statechanged`).
public struct ItemStateChange: Sendable, Equatable {
    public var itemName: ItemName
    public var state: State
    public var oldState: State

    public init(itemName: ItemName, state: State, oldState: State) {
        self.itemName = itemName
        self.state = state
        self.oldState = oldState
    }

    /// Reads one `message` event of `/rest/events`; nil for anything that is not an item's own state change
    /// (a group's `openhab/items/{group}/{member}/statechanged` included).
    init?(eventData: String) {
        struct Payload: Decodable {
            let type: String
            let value: String
            let oldType: String
            let oldValue: String
        }
        guard let (name, payload) = ItemEventEnvelope.decode(eventData, type: "ItemStateChangedEvent", kind: "statechanged", as: Payload.self)
        else { return nil }
        self.init(
            itemName: name,
            state: State(eventType: payload.type, value: payload.value),
            oldState: State(eventType: payload.oldType, value: payload.oldValue)
        )
    }
}
