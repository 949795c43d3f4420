import Foundation
import OpenHABSimulator
import TestSupport
import Testing
import Weather

@Suite("Weather clients")
struct WeatherClientTests {
    private func openWeatherMap(_ simulator: OpenHABSimulator, key: String = "test-key", timeout: Duration = .seconds(60)) -> WeatherClient {
        .openWeatherMap(apiKey: key, baseURL: simulator.baseURL, timeout: timeout)
    }

    private func openMeteo(_ simulator: OpenHABSimulator, timeout: Duration = .seconds(60)) -> WeatherClient {
        .openMeteo(baseURL: simulator.baseURL, geocodingBaseURL: simulator.baseURL, timeout: timeout)
    }

    private func isRecent(_ date: Date) -> Bool {
        abs(date.timeIntervalSinceNow) < 60
    }

    @Test func openWeatherMapReadsACitysTemperatureInCelsius() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "weather/Szeged", #"{"temperature": 12.5}"#)
            let reading = try await openWeatherMap(simulator).currentTemperature(.city("Szeged", countryCode: "HU"))
            #expect(reading.temperatureCelsius == 12.5)
            #expect(isRecent(reading.observedAt))
            let uri = try #require(try await simulator.receivedRequests().last?.uri)
            #expect(uri == "/data/2.5/weather?q=Szeged,HU&units=metric&appid=test-key")
        }
    }

    @Test func openWeatherMapReadsByCoordinates() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "weather/Budapest", #"{"temperature": -2.5}"#)
            let reading = try await openWeatherMap(simulator).currentTemperature(.coordinates(latitude: 47.498, longitude: 19.04))
            #expect(reading.temperatureCelsius == -2.5)
        }
    }

    @Test func readingTimeIsTheProvidersNotOurs() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "weather/Lisbon", #"{"temperature": 18, "ageSeconds": 7200}"#)
            let reading = try await openWeatherMap(simulator).currentTemperature(.city("Lisbon"))
            #expect(abs(reading.observedAt.timeIntervalSinceNow + 7200) < 60)
        }
    }

    @Test func unsetCityHasAStableTemperature() async throws {
        try await withSimulator { simulator in
            let first = try await openWeatherMap(simulator).currentTemperature(.city("Debrecen"))
            let again = try await openWeatherMap(simulator).currentTemperature(.city("Debrecen"))
            let meteo = try await openMeteo(simulator).currentTemperature(.city("Debrecen"))
            #expect(first.temperatureCelsius == again.temperatureCelsius)
            #expect(first.temperatureCelsius == meteo.temperatureCelsius)
            #expect((-5...30).contains(first.temperatureCelsius))
        }
    }

    @Test func openWeatherMapUnknownCity() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "weather/Atlantis", #"{"exists": false}"#)
            await #expect(throws: WeatherError.unknownCity("Atlantis,GR")) {
                try await openWeatherMap(simulator).currentTemperature(.city("Atlantis", countryCode: "GR"))
            }
        }
    }

    @Test func openWeatherMapBadKey() async throws {
        try await withSimulator { simulator in
            await #expect {
                try await openWeatherMap(simulator, key: "stolen").currentTemperature(.city("Vienna"))
            } throws: { error in
                guard case .badAPIKey(let message) = error as? WeatherError else { return false }
                return message?.hasPrefix("Invalid API key") == true
            }
        }
    }

    @Test func openWeatherMapRateLimit() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "faults", #"{"failStatus": 429, "pathPattern": "^/data/2.5/weather$"}"#)
            await #expect {
                try await openWeatherMap(simulator).currentTemperature(.city("Vienna"))
            } throws: { error in
                guard case .rateLimited(let message) = error as? WeatherError else { return false }
                return message?.contains("exceeding of requests limitation") == true
            }
        }
    }

    @Test func openWeatherMapServerErrorIsAnUnexpectedStatus() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "faults", #"{"failStatus": 500}"#)
            await #expect(throws: WeatherError.unexpectedStatus(500, message: "Internal error")) {
                try await openWeatherMap(simulator).currentTemperature(.city("Vienna"))
            }
        }
    }

    @Test func slowProviderTimesOut() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "faults", #"{"latencyMs": 10000}"#)
            let started = ContinuousClock.now
            await #expect(throws: WeatherError.timeout) {
                try await openWeatherMap(simulator, timeout: .milliseconds(300)).currentTemperature(.city("Vienna"))
            }
            await #expect(throws: WeatherError.timeout) {
                try await openMeteo(simulator, timeout: .milliseconds(300)).currentTemperature(.city("Vienna"))
            }
            // Wide of the two 300 ms timeouts, for a busy machine; far below one 10 s answer.
            #expect(ContinuousClock.now - started < .seconds(6))
        }
    }

    @Test func providerThatRefusesConnectionsIsUnreachable() async throws {
        try await withSimulator { simulator in
            try await simulator.stopAccepting()
            await #expect {
                try await openWeatherMap(simulator).currentTemperature(.city("Vienna"))
            } throws: { error in
                guard case .transport(.unreachable) = error as? WeatherError else { return false }
                return true
            }
        }
    }

    @Test func openMeteoGeocodesACityThenReadsItsForecast() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "weather/Vienna", #"{"temperature": 8}"#)
            let reading = try await openMeteo(simulator).currentTemperature(.city("Vienna", countryCode: "AT"))
            #expect(reading.temperatureCelsius == 8)
            // Open-Meteo stamps readings in 15-minute steps.
            #expect(reading.observedAt <= Date() && reading.observedAt > Date().addingTimeInterval(-15 * 60 - 5))
            let uris = try await simulator.receivedRequests().map(\.uri)
            #expect(
                uris == [
                    "/v1/search?name=Vienna&count=1&language=en&format=json&countryCode=AT",
                    "/v1/forecast?latitude=48.20849&longitude=16.37208&current=temperature_2m"
                ])
        }
    }

    @Test func openMeteoByCoordinatesNeedsNoGeocoding() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "weather/Prague", #"{"temperature": 4.5}"#)
            let reading = try await openMeteo(simulator).currentTemperature(.coordinates(latitude: 50.08804, longitude: 14.42076))
            #expect(reading.temperatureCelsius == 4.5)
            #expect(try await simulator.receivedRequests().map(\.uri).allSatisfy { $0.hasPrefix("/v1/forecast") })
        }
    }

    @Test func openMeteoUnknownCity() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "weather/Atlantis", #"{"exists": false}"#)
            await #expect(throws: WeatherError.unknownCity("Atlantis")) {
                try await openMeteo(simulator).currentTemperature(.city("Atlantis"))
            }
        }
    }

    @Test func openMeteoRefusalCarriesItsReason() async throws {
        try await withSimulator { simulator in
            await #expect(throws: WeatherError.unexpectedStatus(400, message: "Latitude must be in range of -90 to 90°. Given: 120.0.")) {
                try await openMeteo(simulator).currentTemperature(.coordinates(latitude: 120, longitude: 0))
            }
        }
    }

    @Test func openMeteoRateLimit() async throws {
        try await withSimulator { simulator in
            try await simulator.control("PUT", "faults", #"{"failStatus": 429, "pathPattern": "^/v1/forecast$"}"#)
            await #expect(throws: WeatherError.rateLimited(message: "Simulated failure")) {
                try await openMeteo(simulator).currentTemperature(.coordinates(latitude: 1, longitude: 2))
            }
        }
    }
}
