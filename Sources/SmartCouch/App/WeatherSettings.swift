import Foundation
import Weather

/// How the weather automation reads the outdoor temperature, and when it runs.
public struct WeatherSettings: Sendable {
    public enum Provider: String, Sendable { case openweathermap, openmeteo }

    public var provider: Provider
    /// The provider's API; nil means its public address.
    public var baseURL: URL?
    /// Open-Meteo's geocoding API, which turns a city into coordinates; nil means its public address.
    public var geocodingURL: URL?
    public var apiKey: String?
    public var schedule: Schedule
    /// A reading older than this is not acted on.
    public var maxAge: TimeInterval
    /// Provider calls in flight at once; low enough for the provider's rate limit.
    public var concurrency: Int
    /// The bound on one provider call.
    public var timeout: Duration = .seconds(10)
    /// Hub calls (state reads, commands) the weather job has in flight at once.
    public var hubConcurrency: Int = 8

    static func fromEnvironment(_ value: (String) -> String?) throws -> WeatherSettings {
        func url(_ name: String) throws -> URL? {
            try value(name).map { raw in
                guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                    throw ConfigurationError("\(name) must be an http(s) URL, not \(raw)")
                }
                return url
            }
        }
        let provider = try value("WEATHER_PROVIDER").map { raw in
            guard let provider = Provider(rawValue: raw.lowercased()) else {
                throw ConfigurationError("WEATHER_PROVIDER must be openweathermap or openmeteo, not \(raw)")
            }
            return provider
        } ?? .openmeteo
        let apiKey = value("WEATHER_API_KEY")
        if provider == .openweathermap, apiKey == nil {
            throw ConfigurationError("WEATHER_PROVIDER=openweathermap needs WEATHER_API_KEY")
        }
        return WeatherSettings(
            provider: provider,
            baseURL: try url("WEATHER_BASE_URL"),
            geocodingURL: try url("WEATHER_GEOCODING_URL"),
            apiKey: apiKey,
            // The original system ran its weather job hourly at minute 5.
            schedule: try value("WEATHER_SCHEDULE").map(Schedule.init(parsing:)) ?? .hourly(minute: 5),
            maxAge: TimeInterval(try value("WEATHER_MAX_AGE_MINUTES").map { raw in
                guard let minutes = Int(raw), (1...1440).contains(minutes) else {
                    throw ConfigurationError("WEATHER_MAX_AGE_MINUTES must be a number of minutes from 1 to 1440")
                }
                return minutes
            } ?? 180) * 60,
            concurrency: try value("WEATHER_CONCURRENCY").map { raw in
                guard let concurrency = Int(raw), (1...64).contains(concurrency) else {
                    throw ConfigurationError("WEATHER_CONCURRENCY must be a number from 1 to 64")
                }
                return concurrency
            } ?? 8)
    }
}

extension WeatherSettings {
    /// The configured provider's client; unset addresses are the provider's public ones.
    func client() -> WeatherClient {
        switch provider {
        case .openmeteo:
            .openMeteo(
                baseURL: baseURL ?? WeatherClient.openMeteoBaseURL,
                geocodingBaseURL: geocodingURL ?? WeatherClient.openMeteoGeocodingBaseURL,
                timeout: timeout)
        case .openweathermap:
            // Parsing the environment refuses openweathermap without a key.
            .openWeatherMap(apiKey: apiKey ?? "", baseURL: baseURL ?? WeatherClient.openWeatherMapBaseURL, timeout: timeout)
        }
    }
}
