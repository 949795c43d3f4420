import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// The outdoor temperatures the weather job read, per city, for a while.
package struct WeatherReadingRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Keeps a run's readings (one per city; a city read twice at one instant once) and forgets
    /// those older than `keepingSince`.
    package func record(_ readings: [WeatherReadingRecord], keepingSince: Date) async throws {
        if !readings.isEmpty {
            try await client.query(
                """
                INSERT INTO weather_readings (city, observed_at, celsius)
                SELECT * FROM unnest(\(readings.map(\.city))::text[], \(readings.map(\.observedAt))::timestamptz[], \(readings.map(\.celsius))::float8[])
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
        try await client.query("DELETE FROM weather_readings WHERE observed_at < \(keepingSince)", logger: logger)
    }

    /// A city's readings from `since` on, oldest first.
    package func readings(city: String, since: Date) async throws -> [WeatherReadingRecord] {
        let rows = try await client.query(
            """
            SELECT observed_at, celsius FROM weather_readings WHERE city = \(city) AND observed_at >= \(since) ORDER BY observed_at
            """, logger: logger)
        var readings: [WeatherReadingRecord] = []
        for try await (observedAt, celsius) in rows.decode((Date, Double).self) {
            readings.append(WeatherReadingRecord(city: city, observedAt: observedAt, celsius: celsius))
        }
        return readings
    }
}
