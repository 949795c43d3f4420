import Foundation

/// A place the simulated weather providers know.
struct Place: Sendable, Equatable {
    var name: String
    var latitude: Double
    var longitude: Double
    var country: String
    var timezone: String
}

/// A few real cities, so that demos show familiar coordinates; any other city gets made-up ones.
enum Gazetteer {
    static let cities: [Place] = [
        Place(name: "Budapest", latitude: 47.49801, longitude: 19.03991, country: "HU", timezone: "Europe/Budapest"),
        Place(name: "Vienna", latitude: 48.20849, longitude: 16.37208, country: "AT", timezone: "Europe/Vienna"),
        Place(name: "Berlin", latitude: 52.52437, longitude: 13.41053, country: "DE", timezone: "Europe/Berlin"),
        Place(name: "Prague", latitude: 50.08804, longitude: 14.42076, country: "CZ", timezone: "Europe/Prague"),
        Place(name: "London", latitude: 51.50853, longitude: -0.12574, country: "GB", timezone: "Europe/London"),
        Place(name: "Paris", latitude: 48.85341, longitude: 2.3488, country: "FR", timezone: "Europe/Paris"),
        Place(name: "Madrid", latitude: 40.4165, longitude: -3.70256, country: "ES", timezone: "Europe/Madrid"),
        Place(name: "Lisbon", latitude: 38.71667, longitude: -9.13333, country: "PT", timezone: "Europe/Lisbon"),
        Place(name: "Rome", latitude: 41.89193, longitude: 12.51133, country: "IT", timezone: "Europe/Rome"),
        Place(name: "Amsterdam", latitude: 52.37403, longitude: 4.88969, country: "NL", timezone: "Europe/Amsterdam"),
        Place(name: "New York", latitude: 40.71427, longitude: -74.00597, country: "US", timezone: "America/New_York"),
        Place(name: "Tokyo", latitude: 35.6895, longitude: 139.69171, country: "JP", timezone: "Asia/Tokyo")
    ]

    static func city(named name: String) -> Place? {
        cities.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Stable across runs and machines (unlike `Hasher`), so a city keeps its made-up weather.
    static func fingerprint(_ text: String) -> UInt64 {
        text.lowercased().utf8.reduce(14_695_981_039_346_656_037 as UInt64) { hash, byte in
            (hash ^ UInt64(byte)) &* 1_099_511_628_211
        }
    }

    static func madeUpPlace(named name: String, country: String?) -> Place {
        let hash = fingerprint(name)
        return Place(
            name: name,
            latitude: -60 + Double(hash % 13_000) / 100,
            longitude: -180 + Double((hash >> 20) % 36_000) / 100,
            country: country ?? "XX",
            timezone: "GMT"
        )
    }

    /// Between -5 and 30 °C, to one decimal.
    static func madeUpTemperature(for key: String) -> Double {
        -5 + Double(fingerprint(key) % 351) / 10
    }
}
