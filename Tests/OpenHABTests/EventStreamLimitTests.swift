import Foundation
import HTTPTransport
import OpenHABModels
import TestSupport
import Testing

@testable import OpenHAB

/// A hub's event stream is read in one pass and within bounds, whatever the hub sends.
@Suite("Event stream limits")
struct EventStreamLimitTests {
    private static let text = "event: message\r\ndata: one\r\ndata: two\r\n\r\n: a comment\n\ndata:three\rid: 7\r\r"

    @Test func eventsAreTheSameHoweverTheBytesAreSplit() throws {
        var whole = ServerSentEventParser()
        let expected = try whole.feed(Data(Self.text.utf8))
        #expect(expected == [ServerSentEvent(name: "message", data: "one\ntwo"), ServerSentEvent(name: "message", data: "three")])
        var byByte = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for byte in Data(Self.text.utf8) { events += try byByte.feed(Data([byte])) }
        #expect(events == expected)
    }

    /// Thousands of events in one read, as a hub's burst can arrive, against the same bytes a read
    /// each: every event comes out, in order, with line breaks of every kind, comments, events of
    /// other kinds and data over two lines among them.
    @Test func aBurstReadsTheSameInOneReadAsByteByByte() async throws {
        var burst = Data()
        var expected: [ItemStateUpdate] = []
        // Large enough for thousands of reads and every mix of breaks; linearity is the benchmark's
        // (scripts/bench/event-parsing), which reads bursts of 1 to 8 MiB.
        for index in 0..<700 {
            let lineBreak = ["\n", "\r\n", "\r"][index % 3]
            let value = index % 2 == 0 ? "ON" : "OFF"
            let topic = "\"topic\":\"openhab/items/sc_lamp_\(index)/stateupdated\","
            let rest = "\"payload\":\"{\\\"type\\\":\\\"OnOff\\\",\\\"value\\\":\\\"\(value)\\\"}\",\"type\":\"ItemStateUpdatedEvent\"}"
            var lines = index % 4 == 0 ? ["event: message", "data: {" + topic, "data: " + rest] : ["event: message", "data: {" + topic + rest]
            if index % 5 == 0 { lines += ["", "event: alive", "data: {\"type\":\"ALIVE\",\"interval\":10}"] }
            if index % 7 == 0 { lines += ["", ": keep-alive"] }
            burst.append(contentsOf: (lines + ["", ""]).joined(separator: lineBreak).utf8)
            expected.append(ItemStateUpdate(itemName: try ItemName("sc_lamp_\(index)"), state: index % 2 == 0 ? .on : .off))
        }
        #expect(burst.count > 100_000)
        #expect(try await Self.updates(reading: [burst]) == expected)
        #expect(try await Self.updates(reading: burst.map { Data([$0]) }) == expected)
    }

    private static func updates(reading reads: [Data]) async throws -> [ItemStateUpdate] {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        for read in reads { continuation.yield(read) }
        continuation.finish()
        var updates: [ItemStateUpdate] = []
        for try await update in ItemStateUpdates(reading: body, limits: EventStreamLimits(maxBytesPerMinute: .max, maxEventsPerMinute: .max)) {
            updates.append(update)
        }
        return updates
    }

    @Test func anEventPastTheBoundFailsHoweverItArrives() throws {
        var parser = ServerSentEventParser(maxEventBytes: 1000)
        let line = Data(("data: " + String(repeating: "x", count: 100) + "\n").utf8)
        #expect(throws: ServerSentEventParser.EventTooLarge(limit: 1000)) {
            for _ in 0..<20 { _ = try parser.feed(line) }
        }
        var oneLine = ServerSentEventParser(maxEventBytes: 1000)
        #expect(throws: ServerSentEventParser.EventTooLarge(limit: 1000)) {
            for _ in 0..<20 { _ = try oneLine.feed(Data(repeating: UInt8(ascii: "x"), count: 100)) }
        }
        // Many events that each fit are fine, however many there are.
        var many = ServerSentEventParser(maxEventBytes: 1000)
        var count = 0
        for _ in 0..<10_000 { count += try many.feed(Data("data: \(String(repeating: "y", count: 900))\n\n".utf8)).count }
        #expect(count == 10_000)
    }

    @Test(arguments: [HostileHub.Events.endless, .flood])
    func aHubThatSendsWithoutEndIsDropped(_ events: HostileHub.Events) async throws {
        let hub = try await HostileHub.start(forwardingTo: URL(string: "http://127.0.0.1:9")!, events: events)
        do {
            // A transport of its own: the other tests' calls do not share its thread with the flood.
            let client = OpenHABClient(baseURL: hub.baseURL, token: nil, egress: .trusted(.hub), transport: CurlTransport())
            let updates = try await client.itemStateUpdates(named: "sc_*", limits: EventStreamLimits(maxBytesPerMinute: 4 << 20))
            await #expect {
                for try await _ in updates {}
            } throws: { error in
                guard case .transport(.overLimit) = error as? OpenHABError else { return false }
                return true
            }
            // The stream is closed, so the hub stops sending.
            try await eventually("hostile stream closed") { await hub.streamsOpen == 0 }
        } catch {
            try? await hub.stop()
            throw error
        }
        try await hub.stop()
    }
}
