import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// The OpenWeatherMap and Open-Meteo shapes, including their error answers.
@Suite("Weather APIs")
struct WeatherAPITests {
    @Test func openWeatherMapAnswersInTheUnitsAskedFor() async throws {
        try await withSimulator { wire, _ throws in
            try await wire.control(.PUT, "weather/Budapest", #"{"temperature": 12.5}"#)
            let metric = try await wire.get("/data/2.5/weather?q=Budapest,HU&units=metric&appid=test-key").object()
            #expect(metric["cod"] as? Int == 200)
            #expect(metric["name"] as? String == "Budapest")
            #expect((metric["main"] as? [String: Any])?["temp"] as? Double == 12.5)
            #expect((metric["sys"] as? [String: Any])?["country"] as? String == "HU")
            #expect((metric["coord"] as? [String: Double])?["lat"] == 47.49801)
            let dt = try #require(metric["dt"] as? Int)
            #expect(abs(Double(dt) - Date().timeIntervalSince1970) < 60)

            let kelvin = try await wire.get("/data/2.5/weather?q=Budapest&appid=test-key").object()
            #expect((kelvin["main"] as? [String: Any])?["temp"] as? Double == 285.65, "without units OpenWeatherMap answers in Kelvin")
            let fahrenheit = try await wire.get("/data/2.5/weather?q=Budapest&units=imperial&appid=test-key").object()
            #expect((fahrenheit["main"] as? [String: Any])?["temp"] as? Double == 54.5)
        }
    }

    @Test func openWeatherMapErrorsCarryItsCodes() async throws {
        try await withSimulator { wire, _ throws in
            try await wire.control(.PUT, "weather/Atlantis", #"{"exists": false}"#)
            let noKey = try await wire.get("/data/2.5/weather?q=Vienna")
            #expect(noKey.status == 401)
            #expect(try noKey.object()["cod"] as? Int == 401)
            let badKey = try await wire.get("/data/2.5/weather?q=Vienna&appid=other")
            #expect(badKey.status == 401)
            let unknown = try await wire.get("/data/2.5/weather?q=Atlantis&appid=test-key")
            #expect(unknown.status == 404)
            #expect(try unknown.object() as? [String: String] == ["cod": "404", "message": "city not found"])
            let wrongCountry = try await wire.get("/data/2.5/weather?q=Vienna,FR&appid=test-key")
            #expect(wrongCountry.status == 404)
            let nothing = try await wire.get("/data/2.5/weather?appid=test-key")
            #expect(nothing.status == 400)
            #expect(try nothing.object()["message"] as? String == "Nothing to geocode")
        }
    }

    @Test func openMeteoForecastHasTheCurrentTemperature() async throws {
        try await withSimulator { wire, _ throws in
            try await wire.control(.PUT, "weather/Vienna", #"{"temperature": 7.3}"#)
            let forecast = try await wire.get("/v1/forecast?latitude=48.20849&longitude=16.37208&current=temperature_2m").object()
            let current = try #require(forecast["current"] as? [String: Any])
            #expect(current["temperature_2m"] as? Double == 7.3)
            #expect(current["interval"] as? Int == 900)
            let time = try #require(current["time"] as? String)
            #expect(time.count == 16 && time.hasSuffix(":00") || time.hasSuffix(":15") || time.hasSuffix(":30") || time.hasSuffix(":45"))
            #expect((forecast["current_units"] as? [String: String])?["temperature_2m"] == "°C")
            #expect(forecast["timezone"] as? String == "GMT")

            let bare = try await wire.get("/v1/forecast?latitude=48.2&longitude=16.37").object()
            #expect((bare["current"] as? [String: Any])?["temperature_2m"] == nil, "only what `current` asks for")
            let invalid = try await wire.get("/v1/forecast?latitude=91&longitude=0")
            #expect(invalid.status == 400)
            #expect(try invalid.object()["error"] as? Bool == true)
        }
    }

    @Test func openMeteoGeocodingLeavesResultsOutWhenNothingMatches() async throws {
        try await withSimulator { wire, _ throws in
            try await wire.control(.PUT, "weather/Atlantis", #"{"exists": false}"#)
            let found = try await wire.get("/v1/search?name=Budapest&count=1&language=en&format=json").object()
            let results = try #require(found["results"] as? [[String: Any]])
            #expect(results.first?["country_code"] as? String == "HU")
            #expect(results.first?["timezone"] as? String == "Europe/Budapest")
            let missing = try await wire.get("/v1/search?name=Atlantis&count=1&language=en&format=json").object()
            #expect(missing["results"] == nil)
            #expect(missing["generationtime_ms"] != nil)
        }
    }

    @Test func citiesSetInTheConfigurationAreKnownToBothProviders() async throws {
        var configuration = SimulatorConfiguration.testing()
        configuration.weather.cities = ["Szeged": .init(temperature: 31, latitude: 46.253, longitude: 20.14824, country: "HU")]
        try await withSimulator(configuration) { wire, _ throws in
            let owm = try await wire.get("/data/2.5/weather?lat=46.253&lon=20.14824&units=metric&appid=test-key").object()
            #expect(owm["name"] as? String == "Szeged")
            #expect((owm["main"] as? [String: Any])?["temp"] as? Double == 31)
            let place = try await wire.get("/v1/search?name=szeged").object()
            #expect((place["results"] as? [[String: Any]])?.first?["latitude"] as? Double == 46.253)
        }
    }
}
