import Foundation
import OpenHABModels

/// What a client waiting for a command's outcome hears of items, in the order the hub's bus had
/// it: that an item was commanded (`openhab/items/{name}/command`, whoever sent it), and its state
/// updates (`…/stateupdated`). A state update heard before an item's command was on the bus cannot
/// be that command's outcome, however late it arrives.
public enum ItemActivity: Sendable, Equatable {
    /// The command as the hub's bus has it, in words (`ON`, `21 °C`).
    case commanded(ItemName, command: String)
    case updated(ItemStateUpdate)

    public var itemName: ItemName {
        switch self {
        case .commanded(let name, _): name
        case .updated(let update): update.itemName
        }
    }

    /// Reads one `message` event of `/rest/events`; nil for anything else.
    init?(eventData: String) {
        struct Command: Decodable {
            let type: String
            let value: String
        }
        if let update = ItemStateUpdate(eventData: eventData) {
            self = .updated(update)
        } else if let (name, command) = ItemEventEnvelope.decode(eventData, type: "ItemCommandEvent", kind: "command", as: Command.self) {
            self = .commanded(name, command: command.value)
        } else {
            return nil
        }
    }
}

public typealias ItemActivities = ItemEvents<ItemActivity>

extension OpenHABClient {
    /// Subscribes to the commands and state updates (openHAB 4.0 and later) of the items whose names
    /// match `pattern`, where `*` stands for any run of characters. Returns once the hub accepted
    /// the subscription.
    public func itemActivity(
        named pattern: String, idleTimeout: Duration = .seconds(35), limits: EventStreamLimits = .init()
    ) async throws(OpenHABError) -> ItemActivities {
        let topics = "openhab/items/\(pattern)/command,openhab/items/\(pattern)/stateupdated"
        return ItemEvents(body: try await events(topics: topics, idleTimeout: idleTimeout), limits: limits) { event in
            event.name == "message" ? ItemActivity(eventData: event.data) : nil
        }
    }
}
