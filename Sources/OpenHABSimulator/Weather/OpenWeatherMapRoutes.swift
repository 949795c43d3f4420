import Foundation
import Vapor

/// OpenWeatherMap's current weather: `GET /data/2.5/weather?q=City[,CC]|lat=&lon=&units=&appid=`.
struct OpenWeatherMapRoutes {
    let station: WeatherStation

    func register(on routes: any RoutesBuilder) {
        routes.get("data", "2.5", "weather") { request async -> Response in
            await current(request)
        }
    }

    private func current(_ request: Request) async -> Response {
        guard await station.accepts(key: request.query[String.self, at: "appid"]) else {
            return OpenWeatherMapReplies.failure(401)
        }
        let observation: WeatherStation.Observation?
        if let query = request.query[String.self, at: "q"], !query.isEmpty {
            let parts = query.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            observation = await station.observation(city: parts[0], country: parts.count > 1 ? parts.last : nil)
        } else if let latitude = request.query[Double.self, at: "lat"], let longitude = request.query[Double.self, at: "lon"] {
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                return .json(OpenWeatherMapReplies.Failure(cod: .text("400"), message: "wrong latitude or longitude"), status: .badRequest)
            }
            observation = await station.observation(latitude: latitude, longitude: longitude)
        } else {
            return .json(OpenWeatherMapReplies.Failure(cod: .text("400"), message: "Nothing to geocode"), status: .badRequest)
        }
        guard let observation else { return OpenWeatherMapReplies.failure(404) }
        let units = request.query[String.self, at: "units"]
        return .json(OpenWeatherMapReplies.Current(observation, units: units))
    }
}

enum OpenWeatherMapReplies {
    /// `cod` is a number in some of OpenWeatherMap's errors and a string in others.
    enum Code: Encodable {
        case number(Int)
        case text(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            }
        }
    }

    struct Failure: Encodable {
        var cod: Code
        var message: String
    }

    static func failure(_ status: Int) -> Response {
        let failure =
            switch status {
            case 401: Failure(cod: .number(401), message: "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.")
            case 404: Failure(cod: .text("404"), message: "city not found")
            case 429:
                Failure(
                    cod: .number(429),
                    message:
                        "Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"
                )
            default: Failure(cod: .text("\(status)"), message: "Internal error")
            }
        return .json(failure, status: HTTPResponseStatus(statusCode: status))
    }

    struct Current: Encodable {
        struct Coordinates: Encodable {
            var lon: Double
            var lat: Double
        }
        struct Condition: Encodable {
            var id: Int
            var main: String
            var description: String
            var icon: String
        }
        struct Main: Encodable {
            var temp: Double
            var feels_like: Double
            var temp_min: Double
            var temp_max: Double
            var pressure: Int
            var humidity: Int
        }
        struct Wind: Encodable {
            var speed: Double
            var deg: Int
        }
        struct Clouds: Encodable { var all: Int }
        struct Sys: Encodable {
            var country: String
            var sunrise: Int
            var sunset: Int
        }

        var coord: Coordinates
        var weather: [Condition]
        var base = "stations"
        var main: Main
        var visibility = 10_000
        var wind: Wind
        var clouds: Clouds
        var dt: Int
        var sys: Sys
        var timezone = 0
        var id: Int
        var name: String
        var cod = 200

        /// `units`: `metric` (°C), `imperial` (°F), otherwise Kelvin, as OpenWeatherMap does.
        init(_ observation: WeatherStation.Observation, units: String?) {
            let convert: (Double) -> Double =
                switch units {
                case "metric": { $0 }
                case "imperial": { ($0 * 9 / 5 + 32) }
                default: { $0 + 273.15 }
                }
            let temperature = (convert(observation.celsius) * 100).rounded() / 100
            let dt = Int(observation.observedAt.timeIntervalSince1970)
            coord = Coordinates(lon: observation.place.longitude, lat: observation.place.latitude)
            weather = [Condition(id: 800, main: "Clear", description: "clear sky", icon: "01d")]
            main = Main(temp: temperature, feels_like: temperature, temp_min: temperature, temp_max: temperature, pressure: 1013, humidity: 60)
            wind = Wind(speed: 3.1, deg: 200)
            clouds = Clouds(all: 0)
            self.dt = dt
            sys = Sys(country: observation.place.country, sunrise: dt - 6 * 3600, sunset: dt + 6 * 3600)
            id = Int(Gazetteer.fingerprint(observation.place.name) % 10_000_000)
            name = observation.place.name
        }
    }
}
