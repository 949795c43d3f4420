import Foundation
import HTTPTransport

extension WeatherClient {
    /// Open-Meteo's forecast API (`current=temperature_2m`). A city is first looked up with Open-Meteo's
    /// geocoding, which takes a second request.
    public static let openMeteoBaseURL = URL(string: "https://api.open-meteo.com")!
    public static let openMeteoGeocodingBaseURL = URL(string: "https://geocoding-api.open-meteo.com")!

    public static func openMeteo(
        baseURL: URL = openMeteoBaseURL,
        geocodingBaseURL: URL = openMeteoGeocodingBaseURL,
        timeout: Duration = .seconds(5),
        transport: any Transport = CurlTransport.shared
    ) -> WeatherClient {
        let connection = ProviderConnection(timeout: timeout, transport: transport)
        return WeatherClient { location throws(WeatherError) in
            try await connection.withinTimeout {
                let (latitude, longitude) = try await OpenMeteo.coordinates(of: location, geocodingBaseURL, connection)
                let reply = try await connection.get(
                    baseURL, path: "/v1/forecast",
                    query: [
                        URLQueryItem(name: "latitude", value: "\(latitude)"),
                        URLQueryItem(name: "longitude", value: "\(longitude)"),
                        URLQueryItem(name: "current", value: "temperature_2m")
                    ])
                guard reply.status == 200 else {
                    throw reply.failure(message: OpenMeteo.reason(in: reply.body), for: location)
                }
                return try OpenMeteo.reading(in: reply.decode(OpenMeteo.Forecast.self))
            }
        }
    }
}

enum OpenMeteo {
    struct Forecast: Decodable {
        struct Current: Decodable {
            let time: String
            let temperature_2m: Double
        }
        struct Units: Decodable {
            let temperature_2m: String
        }
        let utc_offset_seconds: Int?
        let current: Current
        let current_units: Units?
    }

    struct Places: Decodable {
        struct Place: Decodable {
            let latitude: Double
            let longitude: Double
        }
        /// Absent when nothing matched.
        let results: [Place]?
    }

    static func coordinates(
        of location: WeatherLocation,
        _ geocodingBaseURL: URL,
        _ connection: ProviderConnection
    ) async throws -> (Double, Double) {
        switch location {
        case .coordinates(let latitude, let longitude):
            return (latitude, longitude)
        case .city(let name, let countryCode):
            var query = [
                URLQueryItem(name: "name", value: name),
                URLQueryItem(name: "count", value: "1"),
                URLQueryItem(name: "language", value: "en"),
                URLQueryItem(name: "format", value: "json")
            ]
            if let countryCode { query.append(URLQueryItem(name: "countryCode", value: countryCode)) }
            let reply = try await connection.get(geocodingBaseURL, path: "/v1/search", query: query)
            guard reply.status == 200 else { throw reply.failure(message: reason(in: reply.body), for: location) }
            guard let place = try reply.decode(Places.self).results?.first else {
                throw WeatherError.unknownCity(location.description)
            }
            return (place.latitude, place.longitude)
        }
    }

    /// `current.time` is local to the answer's `utc_offset_seconds` (GMT unless a timezone was asked for).
    static func reading(in forecast: Forecast) throws(WeatherError) -> WeatherReading {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(secondsFromGMT: forecast.utc_offset_seconds ?? 0)
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm"
        guard let observedAt = parser.date(from: forecast.current.time) else {
            throw .undecodable("current.time '\(forecast.current.time)' is not yyyy-MM-ddTHH:mm")
        }
        let value = forecast.current.temperature_2m
        let celsius =
            switch forecast.current_units?.temperature_2m {
            case "°F": (value - 32) * 5 / 9
            default: value
            }
        return WeatherReading(temperatureCelsius: celsius, observedAt: observedAt)
    }

    /// Errors read `{"error": true, "reason": "…"}`.
    static func reason(in body: Data) -> String? {
        struct Failure: Decodable { let reason: String? }
        return (try? JSONDecoder().decode(Failure.self, from: body))?.reason
    }
}
