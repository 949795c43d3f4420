import Foundation
import HTTPTransport

extension WeatherClient {
    /// OpenWeatherMap's current weather (`/data/2.5/weather`), in metric units.
    public static let openWeatherMapBaseURL = URL(string: "https://api.openweathermap.org")!

    public static func openWeatherMap(
        apiKey: String,
        baseURL: URL = openWeatherMapBaseURL,
        timeout: Duration = .seconds(5),
        transport: any Transport = CurlTransport.shared
    ) -> WeatherClient {
        let connection = ProviderConnection(timeout: timeout, transport: transport)
        return WeatherClient { location throws(WeatherError) in
            try await connection.withinTimeout {
                let reply = try await connection.get(
                    baseURL,
                    path: "/data/2.5/weather",
                    query: OpenWeatherMap.place(location) + [
                        URLQueryItem(name: "units", value: "metric"),
                        URLQueryItem(name: "appid", value: apiKey)
                    ]
                )
                guard reply.status == 200 else {
                    throw reply.failure(message: OpenWeatherMap.message(in: reply.body), for: location)
                }
                let current = try reply.decode(OpenWeatherMap.Current.self)
                return WeatherReading(
                    temperatureCelsius: current.main.temp,
                    observedAt: Date(timeIntervalSince1970: TimeInterval(current.dt))
                )
            }
        }
    }
}

enum OpenWeatherMap {
    struct Current: Decodable {
        struct Main: Decodable { let temp: Double }
        let main: Main
        let dt: Int64
    }

    static func place(_ location: WeatherLocation) -> [URLQueryItem] {
        switch location {
        case .city:
            [URLQueryItem(name: "q", value: location.description)]
        case .coordinates(let latitude, let longitude):
            [URLQueryItem(name: "lat", value: "\(latitude)"), URLQueryItem(name: "lon", value: "\(longitude)")]
        }
    }

    /// Errors read `{"cod": "404", "message": "city not found"}`; `cod` is a string there, a number elsewhere,
    /// so only the message is read.
    static func message(in body: Data) -> String? {
        struct Failure: Decodable { let message: String? }
        return (try? JSONDecoder().decode(Failure.self, from: body))?.message
    }
}
