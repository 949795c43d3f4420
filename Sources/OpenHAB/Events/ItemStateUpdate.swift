import Foundation
import OpenHABModels

/// An item's state was set, changed or not (`openhab/items/{name}/stateupdated`).
public struct ItemStateUpdate: Sendable, Equatable {
    public var itemName: ItemName
    public var state: State

    public init(itemName: ItemName, state: State) {
        self.itemName = itemName
        self.state = state
    }

    /// Reads one `message` event of `/rest/events`; nil for anything that is not an item's own state update.
    init?(eventData: String) {
        struct Payload: Decodable {
            let type: String
            let value: String
        }
        guard let (name, payload) = ItemEventEnvelope.decode(eventData, type: "ItemStateUpdatedEvent", kind: "stateupdated", as: Payload.self)
        else { return nil }
        self.init(itemName: name, state: State(eventType: payload.type, value: payload.value))
    }
}
