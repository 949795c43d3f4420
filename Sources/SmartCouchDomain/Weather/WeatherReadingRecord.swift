import Foundation

/// One outdoor temperature the weather job read for a city, as it asked the provider for it.
package struct WeatherReadingRecord: Sendable, Equatable {
    package var city: String
    package var observedAt: Date
    package var celsius: Double

    package init(city: String, observedAt: Date, celsius: Double) {
        self.city = city
        self.observedAt = observedAt
        self.celsius = celsius
    }
}
