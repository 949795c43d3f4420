import Foundation

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
        struct Envelope: Decodable {
            let topic: String
            let payload: String
            let type: String
        }
        struct Payload: Decodable {
            let type: String
            let value: String
            let oldType: String
            let oldValue: String
        }
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(eventData.utf8)),
              envelope.type == "ItemStateChangedEvent"
        else { return nil }
        let topic = envelope.topic.split(separator: "/", omittingEmptySubsequences: false)
        // openHAB sends the payload as a JSON string inside the JSON envelope, so it is decoded twice.
        guard topic.count == 4, topic[0] == "openhab", topic[1] == "items", topic[3] == "statechanged",
              let name = ItemName(rawValue: String(topic[2])),
              let payload = try? JSONDecoder().decode(Payload.self, from: Data(envelope.payload.utf8))
        else { return nil }
        self.init(
            itemName: name,
            state: State(eventType: payload.type, value: payload.value),
            oldState: State(eventType: payload.oldType, value: payload.oldValue)
        )
    }
}
