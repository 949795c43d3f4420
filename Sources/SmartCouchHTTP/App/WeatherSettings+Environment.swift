import Foundation
import SmartCouchDomain
import SmartCouchServices

extension WeatherSettings {
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
