import Foundation

/// Item events a client posts to the bus itself (the event WebSocket's `ItemCommandEvent` and
/// `ItemStateEvent`): openHAB's ItemEventUtility reads the item from the topic and the value from the
/// payload's `type` and `value`, which must be a type the item takes; the event then does what a
/// command or state update over REST does.
extension Hub {
    func post(_ eventType: String, topic: String, payload: String) throws(BusRejection) {
        let isCommand = eventType == "ItemCommandEvent"
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "openhab", parts[1] == "items", parts[3] == (isCommand ? "command" : "state") else {
            throw BusRejection("Topic must follow the format openhab/items/{itemName}/\(isCommand ? "command" : "state").")
        }
        let name = String(parts[2])
        guard let item = items[name] else { throw BusRejection("Could not find item '\(name)' in registry.") }
        struct Payload: Decodable {
            var type: String
            var value: String
        }
        guard let typed = try? JSONDecoder().decode(Payload.self, from: Data(payload.utf8)) else {
            throw BusRejection("Could not parse the payload \(payload): it must be {\"type\": …, \"value\": …}.")
        }
        let value = isCommand ? parseCommand(typed.value, for: item) : item.valueType.parseState(typed.value, timeZone: timeZone)
        guard let value, value.typeName == typed.type else {
            throw BusRejection("Item \(name) does not accept \(typed.type) \(typed.value).")
        }
        if isCommand {
            var visited: Set<String> = []
            dispatch(value, to: name, visited: &visited)
        } else {
            update(name, with: value)
        }
    }
}

/// Why the bus refused a client's event, in the words its answer carries.
struct BusRejection: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
