import Foundation

/// The simulated providers' shared view of the weather: which cities exist, where they are, how warm they are.
actor WeatherStation {
    struct Observation: Sendable {
        var place: Place
        var celsius: Double
        var observedAt: Date
    }

    let apiKeys: [String]
    /// Keyed by lower-cased city name; the name keeps its spelling as first set.
    private var settings: [String: (name: String, weather: SimulatorConfiguration.CityWeather)]

    init(configuration: SimulatorConfiguration.Weather) {
        apiKeys = configuration.apiKeys
        settings = Dictionary(configuration.cities.map { ($0.key.lowercased(), ($0.key, $0.value)) }, uniquingKeysWith: { $1 })
    }

    /// An empty key list accepts any key; no key is never accepted.
    func accepts(key: String?) -> Bool {
        guard let key, !key.isEmpty else { return false }
        return apiKeys.isEmpty || apiKeys.contains(key)
    }

    /// Merges `setting` into the city's: fields left out keep their values.
    func set(_ city: String, _ setting: SimulatorConfiguration.CityWeather) -> SimulatorConfiguration.CityWeather {
        let entry = settings[city.lowercased()] ?? (city, SimulatorConfiguration.CityWeather())
        var merged = entry.weather
        merged.temperature = setting.temperature ?? merged.temperature
        merged.latitude = setting.latitude ?? merged.latitude
        merged.longitude = setting.longitude ?? merged.longitude
        merged.country = setting.country ?? merged.country
        merged.ageSeconds = setting.ageSeconds ?? merged.ageSeconds
        merged.exists = setting.exists ?? merged.exists
        settings[city.lowercased()] = (entry.name, merged)
        return merged
    }

    func reset(_ city: String) {
        settings.removeValue(forKey: city.lowercased())
    }

    /// The city, unless it is marked as not existing or `country` names another country.
    func place(named name: String, country: String?) -> Place? {
        let setting = settings[name.lowercased()]?.weather
        guard !name.isEmpty, setting?.exists != false else { return nil }
        var place = Gazetteer.city(named: name) ?? Gazetteer.madeUpPlace(named: name, country: setting?.country ?? country)
        place.latitude = setting?.latitude ?? place.latitude
        place.longitude = setting?.longitude ?? place.longitude
        place.country = setting?.country ?? place.country
        if let country, country.uppercased() != place.country.uppercased() { return nil }
        return place
    }

    func observation(city name: String, country: String?) -> Observation? {
        place(named: name, country: country).map(observation)
    }

    /// The weather at a coordinate: a known city's within about 5 km, otherwise made up for the spot.
    func observation(latitude: Double, longitude: Double) -> Observation {
        let named = (settings.values.map(\.name) + Gazetteer.cities.map(\.name))
            .lazy
            .compactMap { self.place(named: $0, country: nil) }
            .first { abs($0.latitude - latitude) < 0.05 && abs($0.longitude - longitude) < 0.05 }
        let spot = Place(name: "", latitude: latitude, longitude: longitude, country: "XX", timezone: "GMT")
        return observation(named ?? spot)
    }

    private func observation(_ place: Place) -> Observation {
        let setting = settings[place.name.lowercased()]?.weather
        // Made up from the coordinates, so that a city and its coordinates agree whichever way they are asked for.
        let spot = String(format: "%.2f,%.2f", place.latitude, place.longitude)
        return Observation(
            place: place,
            celsius: setting?.temperature ?? Gazetteer.madeUpTemperature(for: spot),
            observedAt: Date().addingTimeInterval(-Double(setting?.ageSeconds ?? 0))
        )
    }
}
