import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct WeatherWatcherRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// The couch's weatherWatcher devices, with their settings where set.
    package func onCouch(_ couchId: UUID) async throws -> [WeatherWatcher] {
        try await watchers(
            client.query(
                """
                SELECT \(unescaped: Self.columns) FROM \(unescaped: Self.tables)
                WHERE d.couch_id = \(couchId) AND d.type = 'weatherWatcher'
                ORDER BY d.created_at, d.id
                """, logger: logger))
    }

    package func find(id: UUID) async throws -> WeatherWatcher? {
        try await watchers(
            client.query(
                "SELECT \(unescaped: Self.columns) FROM \(unescaped: Self.tables) WHERE d.id = \(id) AND d.type = 'weatherWatcher'",
                logger: logger)
        ).first
    }

    package enum SaveOutcome: Sendable, Equatable {
        case saved
        /// Another watcher already switches this device.
        case alreadyDriven(DeviceType)
        /// The watcher or a device it names was removed meanwhile.
        case deviceGone
    }

    package func save(watcherId: UUID, couchId: UUID, _ setting: WatcherSetting, at time: Date) async throws -> SaveOutcome {
        let thresholds = setting.thresholds
        do {
            try await client.query(
                """
                INSERT INTO weather_watchers (device_id, couch_id, heating_device_id, cooling_device_id,
                    heat_on_below, heat_off_above, cool_on_above, cool_off_below, updated_at)
                VALUES (\(watcherId), \(couchId), \(setting.heatingDeviceId), \(setting.coolingDeviceId),
                    \(thresholds.heatOnBelow), \(thresholds.heatOffAbove), \(thresholds.coolOnAbove), \(thresholds.coolOffBelow), \(time))
                ON CONFLICT (device_id) DO UPDATE SET heating_device_id = excluded.heating_device_id,
                    cooling_device_id = excluded.cooling_device_id, heat_on_below = excluded.heat_on_below,
                    heat_off_above = excluded.heat_off_above, cool_on_above = excluded.cool_on_above,
                    cool_off_below = excluded.cool_off_below, updated_at = excluded.updated_at
                """, logger: logger)
            return .saved
        } catch let error as PSQLError where error.isUniqueViolation {
            return .alreadyDriven(error.constraintName == "weather_watchers_one_per_cooling" ? .cooling : .heating)
        } catch let error as PSQLError where error.isForeignKeyViolation {
            return .deviceGone
        }
    }

    /// A watcher the weather job acts on: it drives at least one device.
    package struct Watch: Sendable {
        package var watcherId: UUID
        package var couchId: UUID
        package var city: String
        package var country: String
        package var setting: WatcherSetting
        /// The couch's own hub; nil when it uses the server's default one.
        package var ownHub: HubRecord?

        package init(watcherId: UUID, couchId: UUID, city: String, country: String, setting: WatcherSetting, ownHub: HubRecord? = nil) {
            self.watcherId = watcherId
            self.couchId = couchId
            self.city = city
            self.country = country
            self.setting = setting
            self.ownHub = ownHub
        }
    }

    package func watches() async throws -> [Watch] {
        let rows = try await client.query(
            """
            SELECT w.device_id, w.couch_id, c.city, c.country, w.heating_device_id, w.cooling_device_id,
                   w.heat_on_below, w.heat_off_above, w.cool_on_above, w.cool_off_below, h.base_url, h.token_ciphertext
            FROM weather_watchers w
            JOIN couches c ON c.id = w.couch_id
            LEFT JOIN hubs h ON h.couch_id = w.couch_id
            WHERE w.heating_device_id IS NOT NULL OR w.cooling_device_id IS NOT NULL
            ORDER BY w.couch_id, w.device_id
            """, logger: logger)
        var watches: [Watch] = []
        for try await (watcherId, couchId, city, country, heating, cooling, heatOn, heatOff, coolOn, coolOff, baseURL, token)
            in rows.decode((UUID, UUID, String, String, UUID?, UUID?, Double, Double, Double, Double, String?, ByteBuffer?).self)
        {
            watches.append(
                Watch(
                    watcherId: watcherId, couchId: couchId, city: city, country: country,
                    setting: WatcherSetting(
                        heatingDeviceId: heating, coolingDeviceId: cooling,
                        thresholds: WatcherThresholds(
                            heatOnBelow: heatOn, heatOffAbove: heatOff, coolOnAbove: coolOn, coolOffBelow: coolOff)),
                    ownHub: baseURL.flatMap { baseURL in token.map { HubRecord(baseURL: baseURL, sealedToken: Data(buffer: $0)) } }))
        }
        return watches
    }

    private static let columns = """
        d.id, d.couch_id, d.name, d.guest_controllable, w.heating_device_id, w.cooling_device_id,
        w.heat_on_below, w.heat_off_above, w.cool_on_above, w.cool_off_below, w.updated_at
        """
    private static let tables = "devices d LEFT JOIN weather_watchers w ON w.device_id = d.id"

    private func watchers(_ rows: PostgresRowSequence) async throws -> [WeatherWatcher] {
        var watchers: [WeatherWatcher] = []
        for try await (id, couchId, name, guestControllable, heating, cooling, heatOn, heatOff, coolOn, coolOff, updatedAt)
            in rows.decode((UUID, UUID, String, Bool, UUID?, UUID?, Double?, Double?, Double?, Double?, Date?).self)
        {
            var setting: WatcherSetting?
            if let heatOn, let heatOff, let coolOn, let coolOff {
                setting = WatcherSetting(
                    heatingDeviceId: heating, coolingDeviceId: cooling,
                    thresholds: WatcherThresholds(
                        heatOnBelow: heatOn, heatOffAbove: heatOff, coolOnAbove: coolOn, coolOffBelow: coolOff))
            }
            watchers.append(
                WeatherWatcher(
                    id: id, couchId: couchId, name: name, guestControllable: guestControllable, setting: setting, updatedAt: updatedAt))
        }
        return watchers
    }
}
