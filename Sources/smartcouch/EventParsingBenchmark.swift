import ArgumentParser
import Foundation
import OpenHAB

/// Times reading bursts of openHAB item events through the sequence hub streams are read with
/// (parsing the stream, decoding each event, handing it over), in one read and in reads of a few
/// KiB as libcurl delivers them. The same nanoseconds per byte at every size is what linear means.
/// Hidden from help: `scripts/bench/event-parsing` runs it and makes the figures.
struct EventParsingBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-event-parsing",
        abstract: "Time reading bursts of openHAB state-update events; prints MiB, reads, bytes, events, nanoseconds a line.",
        shouldDisplay: false)

    @Option(help: "Burst sizes in MiB, comma-separated.") var sizes = "1,2,4,8"
    @Option(name: .customLong("read-bytes"), help: "Bytes a read when a burst is split.") var readBytes = 16 << 10
    @Option(help: "Times each burst is read each way; the fastest counts.") var runs = 5

    func run() async throws {
        let sizes = try sizes.split(separator: ",").map { size in
            guard let mib = Int(size), mib > 0 else { throw ValidationError("'\(size)' is not a number of MiB") }
            return mib
        }
        guard readBytes > 0, runs > 0 else { throw ValidationError("--read-bytes and --runs must be positive") }
        for mib in sizes {
            let (burst, events) = Self.burst(bytes: mib << 20)
            for readBytes in [burst.count, readBytes] {
                var fastest = Duration.seconds(Int64.max)
                for _ in 0..<runs {
                    let (elapsed, read) = try await Self.read(burst, readBytes: readBytes)
                    guard read == events else {
                        throw ValidationError("\(read) of the burst's \(events) events were read")
                    }
                    fastest = min(fastest, elapsed)
                }
                let nanoseconds = fastest.components.seconds * 1_000_000_000 + fastest.components.attoseconds / 1_000_000_000
                print(mib, (burst.count + readBytes - 1) / readBytes, burst.count, events, nanoseconds, separator: "\t")
            }
        }
    }

    /// Whole events of `/rest/events` as openHAB frames a state update, up to `bytes`.
    static func burst(bytes: Int) -> (Data, events: Int) {
        var burst = Data()
        var events = 0
        while true {
            let value = events % 2 == 0 ? "ON" : "OFF"
            let event =
                "event: message\ndata: {\"topic\":\"openhab/items/sc_lamp_\(events % 1000)/stateupdated\","
                + "\"payload\":\"{\\\"type\\\":\\\"OnOff\\\",\\\"value\\\":\\\"\(value)\\\"}\",\"type\":\"ItemStateUpdatedEvent\"}\n\n"
            guard burst.count + event.utf8.count <= bytes else { return (burst, events) }
            burst.append(contentsOf: event.utf8)
            events += 1
        }
    }

    /// The time from the first event asked for to the end of the stream; the reads are queued
    /// before, as a transport that got ahead of its reader would have them.
    static func read(_ burst: Data, readBytes: Int) async throws -> (Duration, events: Int) {
        let (body, reads) = AsyncThrowingStream<Data, any Error>.makeStream()
        for start in stride(from: 0, to: burst.count, by: readBytes) {
            reads.yield(burst[start..<min(start + readBytes, burst.count)])
        }
        reads.finish()
        let updates = ItemStateUpdates(reading: body, limits: EventStreamLimits(maxBytesPerMinute: .max, maxEventsPerMinute: .max))
        var events = 0
        let started = ContinuousClock.now
        for try await _ in updates { events += 1 }
        return (ContinuousClock.now - started, events)
    }
}
