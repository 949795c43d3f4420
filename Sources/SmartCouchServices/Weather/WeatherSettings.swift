import Foundation
import HTTPTransport
import SmartCouchDomain
import Weather

/// How the weather automation reads the outdoor temperature, and when it runs.
package struct WeatherSettings: Sendable {
    package enum Provider: String, Sendable, CaseIterable { case openweathermap, openmeteo }

    package var provider: Provider
    /// The provider's API; nil means its public address.
    package var baseURL: URL?
    /// Open-Meteo's geocoding API, which turns a city into coordinates; nil means its public address.
    package var geocodingURL: URL?
    package var apiKey: String?
    package var schedule: Schedule
    /// A reading older than this is not acted on.
    package var maxAge: TimeInterval
    /// Provider calls in flight at once; low enough for the provider's rate limit.
    package var concurrency: Int
    /// The bound on one provider call.
    package var timeout: Duration = .seconds(10)
    /// Hub calls (state reads, commands) the weather job has in flight at once.
    package var hubConcurrency: Int = 8

    package init(
        provider: Provider, baseURL: URL? = nil, geocodingURL: URL? = nil, apiKey: String? = nil, schedule: Schedule, maxAge: TimeInterval,
        concurrency: Int, timeout: Duration = .seconds(10), hubConcurrency: Int = 8
    ) {
        self.provider = provider
        self.baseURL = baseURL
        self.geocodingURL = geocodingURL
        self.apiKey = apiKey
        self.schedule = schedule
        self.maxAge = maxAge
        self.concurrency = concurrency
        self.timeout = timeout
        self.hubConcurrency = hubConcurrency
    }
}

extension WeatherSettings {
    /// The configured provider's client; unset addresses are the provider's public ones.
    package func client(transport: any Transport) -> WeatherClient {
        switch provider {
        case .openmeteo:
            .openMeteo(
                baseURL: baseURL ?? WeatherClient.openMeteoBaseURL,
                geocodingBaseURL: geocodingURL ?? WeatherClient.openMeteoGeocodingBaseURL,
                timeout: timeout, transport: transport)
        case .openweathermap:
            // Parsing the environment refuses openweathermap without a key.
            .openWeatherMap(
                apiKey: apiKey ?? "", baseURL: baseURL ?? WeatherClient.openWeatherMapBaseURL, timeout: timeout, transport: transport)
        }
    }
}
