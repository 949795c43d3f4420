import Prometheus
import SmartCouchPersistence
import SmartCouchServices

/// The text `/metrics` answers: what the services' meters wrote to the registry, and the figures
/// read only when asked for (the database pool's, the hub streams held), which would cost every
/// call to keep up to date.
struct MetricsScrape: Sendable {
    let registry: PrometheusCollectorRegistry
    let database: Database
    let listener: HubEventListener
    let reports: ItemReports

    /// The registry of one server, with histogram buckets from 1 ms: most answers take a few.
    static func registry() -> (PrometheusCollectorRegistry, Meters) {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .microseconds(2_500_000), .seconds(5), .seconds(10)
        ]
        return (registry, Meters(factory))
    }

    func text() async -> String {
        let pool = database.client.figures
        let streams = await listener.streamsHeld
        return registry.emitToString()
            + Self.family("smartcouch_database_pool_size", .gauge, "Connections the database pool may open.", [([], pool.size)])
            + Self.family("smartcouch_database_pool_in_use", .gauge, "Calls working on a leased database connection.", [([], pool.inUse)])
            + Self.family(
                "smartcouch_database_pool_waiting", .gauge, "Calls waiting for a database connection (a single statement until its rows arrive).",
                [([], pool.waiting)])
            + Self.family(
                "smartcouch_database_pool_refused_total", .counter, "Calls the pool refused: too many waiting, or the wait bound ran out.",
                [([("reason", "overloaded")], pool.refusedOverloaded), ([("reason", "wait_bound")], pool.refusedWait)])
            + Self.family("smartcouch_hub_streams", .gauge, "Hub event streams this server holds.", [([], streams)])
            + Self.family(
                "smartcouch_command_streams", .gauge, "Hub streams this server holds open for commands to hear their devices on.",
                [([], reports.streams)])
    }

    enum Kind: String { case gauge, counter }

    private static func family(_ name: String, _ kind: Kind, _ help: String, _ samples: [([(String, String)], Int)]) -> String {
        var text = "# HELP \(name) \(help)\n# TYPE \(name) \(kind.rawValue)\n"
        for (labels, value) in samples {
            let rendered = labels.isEmpty ? "" : "{" + labels.map { #"\#($0.0)="\#($0.1)""# }.joined(separator: ",") + "}"
            text += "\(name)\(rendered) \(value)\n"
        }
        return text
    }
}
