import Foundation
import TestSupport
import Testing

/// The console's energy page after real runs of the weather job against the simulator: the
/// readings it kept, the thresholds, and the heating it switched, as a plot and as tables.
@Suite struct ConsoleEnergyTests {
    @Test func theEnergyPageShowsWhatTheWeatherJobReadAndSwitched() async throws {
        try await TestServer.withHome(WeatherJobTests.provider("openmeteo")) { server, home in
            let browser = ConsoleBrowser(server)
            try await browser.signIn(home.host.email, home.host.password)
            let path = "/console/couches/\(home.couchId)/energy"
            let empty = try await browser.get(path)
            #expect(empty.status == .ok && empty.text.contains(#"id="no-readings""#) && !empty.text.contains("<svg id=\"energy-plot\""))

            let climate = try await server.createClimateDevices(in: home, heating: "OFF", cooling: "OFF")
            try await server.watch(climate, in: home)
            try await eventually("the devices report their initial states") { try await home.mainSwitches(climate) == [.off, .off] }
            // Cold, so the heating goes on; an hour later warm, so it goes off. (The provider's
            // readings are stamped to the quarter hour: the first is an hour old, so they differ.)
            try await home.weather("Budapest", #"{"temperature": 5, "ageSeconds": 3600}"#)
            _ = try await server.runWeatherJob()
            try await eventually("the heating is on") { try await home.mainSwitches(climate) == [.on, .off] }
            server.clock.advance(by: 3600)
            try await home.weather("Budapest", #"{"temperature": 19.5, "ageSeconds": 0}"#)
            _ = try await server.runWeatherJob()
            try await eventually("the heating is off") { try await home.mainSwitches(climate) == [.off, .off] }

            let page = try await browser.get(path)
            #expect(page.status == .ok)
            let html = page.text
            #expect(
                html.contains(#"<svg id="energy-plot""#) && html.contains(#"role="img""#) && html.contains("<polyline class=\"outdoor\""), "\(html)")
            let points = try #require(html.firstMatch(of: /points="([^"]*)"/).map { String($0.1) })
            #expect(points.split(separator: " ").count == 2, "one point per run: \(points)")
            #expect(html.contains(#"<rect class="heating""#), "the hour the heating was on is a band")
            #expect(html.contains("Heating on below 16.0 °C") && html.contains("Cooling on above 26.0 °C"))
            #expect(html.contains("heating ran 1.0 h and cooling 0.0 h"), "\(html)")
            // The table behind the plot says the same.
            #expect(html.contains("5.0 °C") && html.contains("19.5 °C"))
            let switches = try #require(html.range(of: #"id="energy-switches""#).map { String(html[$0.lowerBound...]) })
            #expect(switches.contains("weather job") && switches.contains(">on<") && switches.contains(">off<"), "\(switches)")
            #expect(!html.contains("style="), "no inline style: the policy allows none")

            // Another host's session sees none of it.
            let other = try await server.register("Other")
            _ = try await server.createCouch(by: other)
            let stranger = ConsoleBrowser(server)
            try await stranger.signIn(other.email, other.password)
            #expect([.forbidden, .notFound].contains(try await stranger.get(path).status))
        }
    }
}
