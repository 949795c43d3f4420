import Foundation
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import TestSupport
import Testing

@Suite("OpenHABClient links")
struct ClientLinkTests {
    @Test func linkMakesTheChannelReportToTheItem() async throws {
        try await withSimulator { simulator in
            let client = simulator.client()
            _ = try await client.putItem(ItemDefinition(name: name("Room_Temperature"), type: .temperature))
            try await client.link(name("Room_Temperature"), to: channel("sim:smartplug:kitchen:temperature"))

            #expect(try await client.state(of: name("Room_Temperature")) == .quantity(23, unit: "°C"))
            let links = try await client.links(itemName: name("Room_Temperature"))
            #expect(links.map(\.channelUID.rawValue) == ["sim:smartplug:kitchen:temperature"])
            #expect(links.first?.editable == true)
            let plug = try await client.thing(ThingUID("sim:smartplug:kitchen"))
            #expect(plug.channels.first { $0.id == "temperature" }?.linkedItems == [try name("Room_Temperature")])
        }
    }

    @Test func linkConfigurationIsKept() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Lock", type: "Switch")])
        try await withSimulator(configuration) { simulator in
            let client = simulator.client()
            try await client.link(name("Lock"), to: channel("sim:smartlock:front:lock"), configuration: ["profile": "system:follow"])
            let links = try await client.links(channelUID: channel("sim:smartlock:front:lock"))
            #expect(links.map(\.configuration) == [["profile": "system:follow"]])
        }
    }

    @Test func linkToAnUnknownChannelIsRejected() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Lock", type: "Switch")])
        try await withSimulator(configuration) { simulator in
            await #expect(throws: OpenHABError.rejected(message: nil)) {
                try await simulator.client().link(name("Lock"), to: channel("sim:smartlock:front:bolt"))
            }
        }
    }

    @Test func channelGroupSeparatorIsEscapedInThePath() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Lock", type: "Switch")])
        try await withSimulator(configuration) { simulator in
            // No such channel, but the hub must receive the whole UID, not a path cut at `#`.
            await #expect(throws: OpenHABError.rejected(message: nil)) {
                try await simulator.client().link(name("Lock"), to: channel("sim:smartlock:front:motor#lock"))
            }
            let uri = try #require(try await simulator.receivedRequests().last?.uri)
            #expect(uri == "/rest/links/Lock/sim:smartlock:front:motor%23lock")
        }
    }

    @Test func unlinkRemovesTheLinkAndAnUnknownLinkIsNotFound() async throws {
        let configuration = SimulatorConfiguration.testing(
            items: [.init(name: "Lock", type: "Switch")],
            links: [.init(itemName: "Lock", channelUID: "sim:smartlock:front:lock")]
        )
        try await withSimulator(configuration) { simulator in
            let client = simulator.client()
            try await client.unlink(name("Lock"), from: channel("sim:smartlock:front:lock"))
            #expect(try await client.links().isEmpty)
            await #expect(throws: OpenHABError.notFound(message: "Link Lock -> sim:smartlock:front:lock does not exist!")) {
                try await client.unlink(name("Lock"), from: channel("sim:smartlock:front:lock"))
            }
        }
    }

    @Test func linksOutliveTheirItem() async throws {
        let configuration = SimulatorConfiguration.testing(
            items: [.init(name: "Lock", type: "Switch")],
            links: [.init(itemName: "Lock", channelUID: "sim:smartlock:front:lock")]
        )
        try await withSimulator(configuration) { simulator in
            let client = simulator.client()
            try await client.deleteItem(name("Lock"))
            #expect(try await client.links().map(\.itemName.rawValue) == ["Lock"])
        }
    }

    @Test func channelUIDsAreValidated() {
        #expect(throws: OpenHABValueError.invalidUID("sim:lock")) { try ChannelUID("sim:lock") }
        #expect(throws: OpenHABValueError.invalidUID("sim:smart lock:front:lock")) { try ChannelUID("sim:smart lock:front:lock") }
        #expect(throws: OpenHABValueError.invalidUID("sim:lock:front:a#b#c")) { try ChannelUID("sim:lock:front:a#b#c") }
        let grouped = try? ChannelUID("sim:lock:front:motor#lock")
        #expect(grouped?.thingUID.rawValue == "sim:lock:front")
        #expect(grouped?.id == "motor#lock")
        #expect(throws: OpenHABValueError.invalidUID("sim:lock")) { try ThingUID("sim:lock") }
    }
}
