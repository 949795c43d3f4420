import Foundation
import OpenHABModels

/// An item's event as `/rest/events` frames it: `{"topic": "openhab/items/{name}/{kind}", "payload": "…",
/// "type": "…"}`, whose payload is a JSON string inside the JSON envelope, so it is decoded twice.
struct ItemEventEnvelope: Decodable {
    let topic: String
    let payload: String
    let type: String

    /// The item and the decoded payload of an event of `type` on the item's own `kind` topic; nil for anything
    /// else, a group's `openhab/items/{group}/{member}/…` events included.
    static func decode<Payload: Decodable>(_ eventData: String, type: String, kind: String, as payload: Payload.Type) -> (ItemName, Payload)? {
        guard let envelope = try? JSONDecoder().decode(ItemEventEnvelope.self, from: Data(eventData.utf8)), envelope.type == type else { return nil }
        let topic = envelope.topic.split(separator: "/", omittingEmptySubsequences: false)
        guard topic.count == 4, topic[0] == "openhab", topic[1] == "items", topic[3] == kind,
            let name = ItemName(rawValue: String(topic[2])),
            let decoded = try? JSONDecoder().decode(Payload.self, from: Data(envelope.payload.utf8))
        else { return nil }
        return (name, decoded)
    }
}
