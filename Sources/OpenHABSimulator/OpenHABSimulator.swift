import Vapor

/// A stand-in openHAB hub, with OpenWeatherMap and Open-Meteo next to it, served over real HTTP.
///
/// ```swift
/// let simulator = try await OpenHABSimulator.start(configuration: SimulatorConfiguration(tokens: ["oh.test": .administrator]))
/// defer { Task { try await simulator.shutdown() } }
/// let client = OpenHABClient(baseURL: simulator.baseURL, token: "oh.test")
/// ```
public final class OpenHABSimulator: Sendable {
    /// `http://127.0.0.1:<port>`: openHAB under `/rest`, the weather APIs under `/data/2.5` and `/v1`, control under `/_sim`.
    public let baseURL: URL
    public let port: Int
    private let application: Application
    private let hub: Hub
    private let listener: Listener
    private let calendars: ChannelCalendars

    private init(baseURL: URL, port: Int, application: Application, hub: Hub, listener: Listener, calendars: ChannelCalendars) {
        self.baseURL = baseURL
        self.port = port
        self.application = application
        self.hub = hub
        self.listener = listener
        self.calendars = calendars
    }

    /// Starts a simulator listening on `host:port`; port 0 picks a free one (read it back from `port`).
    public static func start(
        configuration: SimulatorConfiguration = SimulatorConfiguration(),
        host: String = "127.0.0.1",
        port: Int = 0,
        logLevel: Logger.Level = .warning
    ) async throws -> OpenHABSimulator {
        let hub = try Hub(configuration: configuration)
        var logger = Logger(label: "openhab-sim")
        logger.logLevel = logLevel
        let application = try await Application.make(Environment(name: "simulator", arguments: ["openhab-sim"]), logger: logger)
        do {
            application.http.server.configuration.hostname = host
            application.http.server.configuration.port = port
            application.http.server.configuration.shutdownTimeout = .seconds(2)
            let listener = Listener(hub: hub)
            let weather = WeatherStation(configuration: configuration.weather)
            let faults = FaultInjector()
            let journal = RequestJournal()

            application.middleware = Middlewares()
            application.middleware.use(RouteLoggingMiddleware(logLevel: .info))
            application.middleware.use(JournalMiddleware(journal: journal))
            application.middleware.use(FaultMiddleware(injector: faults))
            application.middleware.use(ErrorMiddleware(routes: application.routes))
            let authentication = AuthenticationMiddleware(tokens: configuration.tokens, implicitUserRole: configuration.implicitUserRole)
            application.middleware.use(authentication)

            RootRoutes(timezone: configuration.timezone, version: hub.version).register(on: application)
            SystemInfoRoutes(hub: hub).register(on: application)
            ItemRoutes(hub: hub).register(on: application)
            ItemPartRoutes(hub: hub).register(on: application)
            ThingRoutes(hub: hub).register(on: application)
            KeypadRoutes(hub: hub).register(on: application)
            LinkRoutes(hub: hub).register(on: application)
            EmptyRegistryRoutes().register(on: application)
            EventRoutes(hub: hub, aliveInterval: configuration.timing.aliveInterval).register(on: application)
            EventWebSocketRoutes(hub: hub, authentication: authentication).register(on: application)
            OpenWeatherMapRoutes(station: weather).register(on: application)
            OpenMeteoRoutes(station: weather).register(on: application)
            ControlRoutes(hub: hub, weather: weather, faults: faults, journal: journal, listener: listener).register(on: application)
            let calendars = ChannelCalendars()
            CalendarRoutes(calendars: calendars).register(on: application)

            // The server takes the routes and middleware as they are now, so it is made last.
            let server = application.http.server.shared
            await listener.attach(server)
            try await application.asyncBoot()
            try await server.start(address: nil)
            guard let boundPort = server.localAddress?.port else { throw SimulatorError.invalidConfiguration("no port bound") }
            await hub.start()
            let urlHost = host == "0.0.0.0" ? "127.0.0.1" : host
            return OpenHABSimulator(
                baseURL: URL(string: "http://\(urlHost):\(boundPort)")!,
                port: boundPort, application: application, hub: hub, listener: listener, calendars: calendars
            )
        } catch {
            await application.http.server.shared.shutdown()
            try? await application.asyncShutdown()
            throw error
        }
    }

    /// Serves `body` as the channel feed `/_sim/calendars/{name}.ics`, as `PUT /_sim/calendars/{name}` does.
    public func publishCalendar(_ name: String, _ body: String) async {
        await calendars.set(name, to: body)
    }

    /// Closes the listening socket: new connections are refused, open event streams end. State is kept.
    public func stopAccepting() async throws {
        try await listener.move(to: .refusing)
    }

    /// Listens again, on the same port.
    public func resumeAccepting() async throws {
        try await listener.move(to: .accepting)
    }

    /// Stops the simulator for good; calling it again does nothing.
    public func shutdown() async throws {
        guard !application.didShutdown else { return }
        await hub.stop()
        try await listener.move(to: .closed)
        try await application.asyncShutdown()
    }
}
