import Foundation

/// Where to read the weather: a city (with an ISO 3166 country code when known) or coordinates.
public enum WeatherLocation: Hashable, Sendable, CustomStringConvertible {
    case city(String, countryCode: String? = nil)
    case coordinates(latitude: Double, longitude: Double)

    public var description: String {
        switch self {
        case .city(let name, let country?): "\(name),\(country)"
        case .city(let name, nil): name
        case .coordinates(let latitude, let longitude): "\(latitude),\(longitude)"
        }
    }
}

/// The outdoor temperature at one place, and when the provider measured it.
public struct WeatherReading: Sendable, Equatable {
    public var temperatureCelsius: Double
    public var observedAt: Date

    public init(temperatureCelsius: Double, observedAt: Date) {
        self.temperatureCelsius = temperatureCelsius
        self.observedAt = observedAt
    }
}

/// Reads the current outdoor temperature from one provider. Build one with `.openWeatherMap(…)` or
/// `.openMeteo(…)`, or with `init(currentTemperature:)` for a stand-in.
public struct WeatherClient: Sendable {
    public var currentTemperature: @Sendable (WeatherLocation) async throws(WeatherError) -> WeatherReading

    public init(currentTemperature: @escaping @Sendable (WeatherLocation) async throws(WeatherError) -> WeatherReading) {
        self.currentTemperature = currentTemperature
    }
}
