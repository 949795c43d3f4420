import Foundation
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import TestSupport
import Testing

@Suite("OpenHABClient event stream")
struct ItemStateChangesTests {
    private static let lockedDoor = SimulatorConfiguration.testing(
        items: [.init(name: "Door_Lock", type: "Switch"), .init(name: "Porch_Light", type: "Switch", state: "OFF")],
        links: [.init(itemName: "Door_Lock", channelUID: "sim:smartlock:front:lock")]
    )

    @Test func receivesTheStateChangeACommandCauses() async throws {
        try await withSimulator(Self.lockedDoor) { simulator in
            let client = simulator.client()
            let changes = try await client.itemStateChanges(of: [name("Door_Lock")])
            try await client.send(.off, to: name("Door_Lock"), ofType: .switch)
            var iterator = changes.makeAsyncIterator()
            let change = try await iterator.next()
            #expect(change == ItemStateChange(itemName: try name("Door_Lock"), state: .off, oldState: .on))
        }
    }

    @Test func onlyTheRequestedItemsAreDelivered() async throws {
        try await withSimulator(Self.lockedDoor) { simulator in
            let client = simulator.client()
            let changes = try await client.itemStateChanges(of: [name("Porch_Light")])
            // One stream delivers in order: had the lock's change come through, it would come first.
            try await client.send(.off, to: name("Door_Lock"), ofType: .switch)
            try await eventually("the lock has turned") { try await client.state(of: name("Door_Lock")) == .off }
            try await client.send(.on, to: name("Porch_Light"), ofType: .switch)
            var iterator = changes.makeAsyncIterator()
            #expect(try await iterator.next() == ItemStateChange(itemName: try name("Porch_Light"), state: .on, oldState: .off))
        }
    }

    @Test func allItemsWhenNoneAreNamed() async throws {
        try await withSimulator(Self.lockedDoor) { simulator in
            let client = simulator.client()
            let changes = try await client.itemStateChanges()
            try await client.updateState(of: name("Porch_Light"), ofType: .switch, to: .on)
            var iterator = changes.makeAsyncIterator()
            #expect(try await iterator.next()?.itemName == (try name("Porch_Light")))
        }
    }

    /// The command is on the stream before the update it caused, and a state set by hand (no
    /// command) is an update alone.
    @Test func anItemsActivityIsItsCommandsAndThenTheUpdatesTheyCause() async throws {
        try await withSimulator(Self.lockedDoor) { simulator in
            let client = simulator.client()
            let activity = try await client.itemActivity(named: "Do*")
            try await client.updateState(of: name("Door_Lock"), ofType: .switch, to: .on)
            try await client.send(.off, to: name("Door_Lock"), ofType: .switch)
            var iterator = activity.makeAsyncIterator()
            let door = try name("Door_Lock")
            #expect(try await iterator.next() == .updated(ItemStateUpdate(itemName: door, state: .on)))
            #expect(try await iterator.next() == .commanded(door, command: "OFF"))
            #expect(try await iterator.next() == .updated(ItemStateUpdate(itemName: door, state: .off)))
        }
    }

    /// A consumer counting the changes it receives until the stream ends.
    static func counting(_ changes: ItemStateChanges) -> Task<Int, any Error> {
        Task { () async throws(OpenHABError) -> Int in
            var count = 0
            for try await _ in changes { count += 1 }
            return count
        }
    }

    @Test func endsCleanlyWhenTheConsumerIsCancelled() async throws {
        try await withSimulator(Self.lockedDoor) { simulator in
            let changes = try await simulator.client().itemStateChanges()
            let consumer = Self.counting(changes)
            try await eventually("the stream is open at the hub") { try await simulator.eventStreams() == 1 }
            consumer.cancel()
            #expect(try await consumer.value == 0)
        }
    }

    @Test func endsWhenTheHubGoesAway() async throws {
        try await withSimulator(Self.lockedDoor) { simulator in
            let changes = try await simulator.client().itemStateChanges()
            let consumer = Self.counting(changes)
            try await simulator.stopAccepting()
            #expect(try await consumer.value == 0)
        }
    }

    @Test func subscriptionIsRefusedWithoutCredentialsWhenTheHubRequiresThem() async throws {
        try await withSimulator(.testing(implicitUserRole: false)) { simulator in
            await #expect(throws: OpenHABError.unauthorized(status: 401, message: "Authentication required")) {
                try await simulator.client(token: nil).itemStateChanges()
            }
        }
    }

    @Test func subscriptionToAnUnreachableHubFails() async throws {
        try await withSimulator { simulator in
            try await simulator.stopAccepting()
            await #expect {
                try await simulator.client().itemStateChanges()
            } throws: { error in
                guard case .transport(.unreachable) = error as? OpenHABError else { return false }
                return true
            }
        }
    }
}
