import Foundation
import Vapor

/// Open-Meteo's forecast (`GET /v1/forecast`) and geocoding (`GET /v1/search`) APIs.
struct OpenMeteoRoutes {
    let station: WeatherStation

    func register(on routes: any RoutesBuilder) {
        routes.get("v1", "forecast") { request async -> Response in
            await forecast(request)
        }
        routes.get("v1", "search") { request async -> Response in
            await search(request)
        }
    }

    private func forecast(_ request: Request) async -> Response {
        guard let latitude = request.query[Double.self, at: "latitude"], let longitude = request.query[Double.self, at: "longitude"] else {
            return failure("Parameter 'latitude' and 'longitude' must be given as numbers.")
        }
        guard (-90...90).contains(latitude) else { return failure("Latitude must be in range of -90 to 90°. Given: \(latitude).") }
        guard (-180...180).contains(longitude) else { return failure("Longitude must be in range of -180 to 180°. Given: \(longitude).") }
        let observation = await station.observation(latitude: latitude, longitude: longitude)
        let current = (request.query[String.self, at: "current"] ?? "").split(separator: ",")
        let fahrenheit = request.query[String.self, at: "temperature_unit"] == "fahrenheit"
        return .json(
            OpenMeteoReplies.Forecast(
                observation,
                latitude: latitude,
                longitude: longitude,
                withTemperature: current.contains("temperature_2m"),
                fahrenheit: fahrenheit
            ))
    }

    private func search(_ request: Request) async -> Response {
        guard let name = request.query[String.self, at: "name"] else { return failure("Parameter 'name' is required.") }
        let country = request.query[String.self, at: "countryCode"]
        // Open-Meteo answers names shorter than two characters with nothing.
        guard name.count >= 2, let place = await station.place(named: name, country: country) else {
            return .json(OpenMeteoReplies.Places(results: nil))
        }
        return .json(OpenMeteoReplies.Places(results: [.init(place)]))
    }

    private func failure(_ reason: String) -> Response {
        .json(OpenMeteoReplies.Failure(reason: reason), status: .badRequest)
    }
}

enum OpenMeteoReplies {
    struct Failure: Encodable {
        var error = true
        var reason: String
    }

    struct Forecast: Encodable {
        struct Units: Encodable {
            var time = "iso8601"
            var interval = "seconds"
            var temperature_2m: String?
        }
        struct Current: Encodable {
            var time: String
            var interval = 900
            var temperature_2m: Double?
        }

        var latitude: Double
        var longitude: Double
        var generationtime_ms = 0.05
        var utc_offset_seconds = 0
        var timezone = "GMT"
        var timezone_abbreviation = "GMT"
        var elevation = 100.0
        var current_units: Units
        var current: Current

        /// Readings come in 15-minute steps, stamped in GMT without a zone, as Open-Meteo's are.
        init(_ observation: WeatherStation.Observation, latitude: Double, longitude: Double, withTemperature: Bool, fahrenheit: Bool) {
            self.latitude = latitude
            self.longitude = longitude
            let stamp = (observation.observedAt.timeIntervalSince1970 / 900).rounded(.down) * 900
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
            let value = fahrenheit ? observation.celsius * 9 / 5 + 32 : observation.celsius
            current_units = Units(temperature_2m: withTemperature ? (fahrenheit ? "°F" : "°C") : nil)
            current = Current(
                time: formatter.string(from: Date(timeIntervalSince1970: stamp)),
                temperature_2m: withTemperature ? (value * 10).rounded() / 10 : nil
            )
        }
    }

    struct Places: Encodable {
        struct Result: Encodable {
            var id: Int
            var name: String
            var latitude: Double
            var longitude: Double
            var elevation = 100.0
            var country_code: String
            var timezone: String

            init(_ place: Place) {
                id = Int(Gazetteer.fingerprint(place.name) % 10_000_000)
                name = place.name
                latitude = place.latitude
                longitude = place.longitude
                country_code = place.country
                timezone = place.timezone
            }
        }

        /// Left out when nothing matched.
        var results: [Result]?
        var generationtime_ms = 0.5
    }
}
