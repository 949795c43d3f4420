import CoreMetrics

/// Where the server's work reports its figures: one factory for the whole server (Prometheus'
/// registry in `ServerEnvironment`), handed down, so that each server, a test's included, keeps
/// figures of its own. Names follow Prometheus' conventions: `smartcouch_` first, `_total` for counts,
/// `_seconds` for durations; label values are kinds and outcomes, never ids.
package struct Meters: Sendable {
    let factory: any MetricsFactory

    package init(_ factory: any MetricsFactory) {
        self.factory = factory
    }

    /// Figures nobody reads.
    package static let none = Meters(NOOPMetricsHandler.instance)

    package func count(_ label: String, _ dimensions: [(String, String)] = []) {
        Counter(label: label, dimensions: dimensions, factory: factory).increment()
    }

    /// Records the time since `start` (a `ContinuousClock` instant) in a histogram.
    package func time(_ label: String, _ dimensions: [(String, String)] = [], since start: ContinuousClock.Instant) {
        let elapsed = (ContinuousClock.now - start).components
        Timer(label: label, dimensions: dimensions, factory: factory)
            .recordNanoseconds(elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
    }

    package func gauge(_ label: String, _ dimensions: [(String, String)] = [], _ value: Int) {
        Gauge(label: label, dimensions: dimensions, factory: factory).record(value)
    }
}
