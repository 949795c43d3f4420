import Foundation

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
        struct Envelope: Decodable {
            let topic: String
            let payload: String
            let type: String
        }
        struct Payload: Decodable {
            let type: String
            let value: String
        }
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(eventData.utf8)),
              envelope.type == "ItemStateUpdatedEvent"
        else { return nil }
        let topic = envelope.topic.split(separator: "/", omittingEmptySubsequences: false)
        // The payload is a JSON string inside the JSON envelope, as for every openHAB event.
        guard topic.count == 4, topic[0] == "openhab", topic[1] == "items", topic[3] == "stateupdated",
              let name = ItemName(rawValue: String(topic[2])),
              let payload = try? JSONDecoder().decode(Payload.self, from: Data(envelope.payload.utf8))
        else { return nil }
        self.init(itemName: name, state: State(eventType: payload.type, value: payload.value))
    }
}
