import Crypto
import Foundation
import HTTPTransport
import Logging
import SmartCouchDomain
import SmartCouchServices

extension Settings {
    /// Reads the settings once at start; those whose absence is unsafe in production are
    /// generated (with a warning) only outside it.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger
    ) throws -> Settings {
        let read = EnvironmentReader(environment: environment)
        let mode = try read.choice("APP_ENV", default: Mode.development)

        let jwtSecret: String
        if let secret = read.value("JWT_SECRET") {
            guard secret.utf8.count >= 32 else {
                throw ConfigurationError("JWT_SECRET must be at least 32 bytes (openssl rand -base64 32)")
            }
            jwtSecret = secret
        } else if mode == .production {
            throw ConfigurationError("JWT_SECRET must be set in production")
        } else {
            logger.warning("JWT_SECRET is not set: using a random one, so tokens die with this process")
            jwtSecret = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).base64EncodedString() }
        }

        let secretsKey: SymmetricKey
        if let encoded = read.value("SECRETS_KEY") {
            guard let bytes = Data(base64Encoded: encoded), bytes.count == 32 else {
                throw ConfigurationError("SECRETS_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)")
            }
            secretsKey = SymmetricKey(data: bytes)
        } else if mode == .production {
            throw ConfigurationError("SECRETS_KEY must be set in production")
        } else {
            logger.warning("SECRETS_KEY is not set: using a random one, so stored hub tokens die with this process")
            secretsKey = SymmetricKey(size: .bits256)
        }

        var settings = Settings(jwtSecret: jwtSecret, secretsKey: secretsKey, projectFiles: try .locate(root: read.value("SMARTCOUCH_ROOT")))
        settings.mode = mode
        settings.databaseURL = read.value("DATABASE_URL")
        settings.hostname = read.value("HOSTNAME").flatMap(listenableHostname) ?? settings.hostname
        settings.port = try read.integer("PORT", in: 0...65535, default: settings.port)
        settings.adminEmails = Set(
            (read.value("ADMIN_EMAILS") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }.filter { !$0.isEmpty })
        settings.bcryptCost = try read.integer("BCRYPT_COST", in: 4...31, default: settings.bcryptCost)
        settings.trustedProxies = Set(
            try (read.value("TRUSTED_PROXIES") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .map { text in
                    guard let address = IPAddress(text) else {
                        throw ConfigurationError("TRUSTED_PROXIES is a comma list of IP addresses (the reverse proxies' own); '\(text)' is none")
                    }
                    return address
                })
        settings.publicURL = try read.value("PUBLIC_URL").map(parsePublicURL)
        if let token = read.value("METRICS_TOKEN") {
            // The characters of a bearer token (RFC 6750's token68): nothing a header or a log line would split on.
            let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=".utf8)
            guard token.utf8.count >= 32, token.utf8.allSatisfy(allowed.contains) else {
                throw ConfigurationError("METRICS_TOKEN must be at least 32 letters, digits or -._~+/= (openssl rand -hex 32)")
            }
            settings.metricsToken = token
        }
        if let zone = read.value("DEFAULT_TIME_ZONE") {
            guard TimeZone(identifier: zone) != nil else {
                throw ConfigurationError("DEFAULT_TIME_ZONE must be an IANA time zone such as Europe/Budapest, not \(zone)")
            }
            settings.defaultTimeZone = zone
        }
        if let directory = read.value("IMAGES_DIR") { settings.imagesDirectory = URL(fileURLWithPath: directory, isDirectory: true) }
        settings.defaultHub = try read.url("OPENHAB_URL", example: "http://openhab.local:8080").map {
            DefaultHub(baseURL: $0, token: read.value("OPENHAB_TOKEN"))
        }
        settings.hubTimeout = try read.milliseconds("OPENHAB_TIMEOUT_MS", in: 1...120_000, default: settings.hubTimeout)
        settings.commandConfirmation = try read.milliseconds("COMMAND_CONFIRM_MS", in: 1...60_000, default: settings.commandConfirmation)
        if let raw = read.value("OUTBOUND_ALLOW_PRIVATE") {
            do throws(EgressPolicy.UnknownPurpose) {
                settings.egress = try EgressPolicy(parsing: raw)
            } catch {
                throw ConfigurationError("OUTBOUND_ALLOW_PRIVATE is a comma list of hub, weather, calendar, webhook; '\(error.word)' is none of them")
            }
        }
        settings.connectionsPerHost = try read.integer("OUTBOUND_CONNECTIONS_PER_HOST", in: 1...256, default: settings.connectionsPerHost)
        settings.weather = try weather(read, default: settings.weather)
        settings.calendars.schedule = try read.schedule("CALENDAR_SYNC_SCHEDULE", default: settings.calendars.schedule)
        settings.doorCodesSchedule = try read.schedule("DOOR_CODES_SCHEDULE", default: settings.doorCodesSchedule)
        settings.doorCodesFollowStays = try read.switchedOn("DOOR_CODES_FOLLOW_STAYS", default: settings.doorCodesFollowStays)
        settings.doorCodesSettle = try read.milliseconds("DOOR_CODES_SETTLE_MS", in: 0...60_000, default: settings.doorCodesSettle)
        settings.automations.enabled = try read.switchedOn("AUTOMATIONS", default: settings.automations.enabled)
        settings.automations.tick = try read.milliseconds("AUTOMATION_TICK_MS", in: 100...600_000, default: settings.automations.tick)
        settings.hubCleanupSchedule = try read.schedule("HUB_CLEANUP_SCHEDULE", default: settings.hubCleanupSchedule)
        settings.requestExpirySchedule = try read.schedule("REQUEST_EXPIRY_SCHEDULE", default: settings.requestExpirySchedule)
        settings.hubEvents.enabled = try read.switchedOn("HUB_EVENTS", default: settings.hubEvents.enabled)
        settings.events.streamsPerUser = try read.integer("EVENT_STREAMS_PER_USER", in: 1...10_000, default: settings.events.streamsPerUser)
        settings.events.streamsPerServer = try read.integer(
            "EVENT_STREAMS_PER_SERVER", in: 1...1_000_000, default: min(settings.events.streamsPerServer, halfTheFileLimit()))
        settings.openRequestsPerGuest = try read.integer("OPEN_REQUESTS_PER_GUEST", in: 1...100, default: settings.openRequestsPerGuest)
        settings.webhooks.poll = try read.milliseconds("WEBHOOK_POLL_MS", in: 1...60_000, default: settings.webhooks.poll)
        settings.database = try database(read, default: settings.database)
        settings.drainDeadline = try read.milliseconds("SHUTDOWN_DRAIN_MS", in: 0...600_000, default: settings.drainDeadline)
        settings.stopBound = try read.milliseconds("SHUTDOWN_BOUND_MS", in: 1000...600_000, default: settings.stopBound)
        return settings
    }

    private static func weather(_ read: EnvironmentReader, default weather: WeatherSettings) throws -> WeatherSettings {
        var weather = weather
        weather.provider = try read.choice("WEATHER_PROVIDER", default: weather.provider, caseless: true)
        weather.apiKey = read.value("WEATHER_API_KEY")
        if weather.provider == .openweathermap, weather.apiKey == nil {
            throw ConfigurationError("WEATHER_PROVIDER=openweathermap needs WEATHER_API_KEY")
        }
        weather.baseURL = try read.url("WEATHER_BASE_URL")
        weather.geocodingURL = try read.url("WEATHER_GEOCODING_URL")
        weather.schedule = try read.schedule("WEATHER_SCHEDULE", default: weather.schedule)
        weather.maxAge =
            TimeInterval(try read.integer("WEATHER_MAX_AGE_MINUTES", in: 1...1440, default: Int(weather.maxAge / 60), unit: "minutes")) * 60
        weather.concurrency = try read.integer("WEATHER_CONCURRENCY", in: 1...64, default: weather.concurrency)
        return weather
    }

    private static func database(_ read: EnvironmentReader, default bounds: DatabaseBounds) throws -> DatabaseBounds {
        var bounds = bounds
        bounds.poolWait = try read.milliseconds("DATABASE_POOL_WAIT_MS", in: 1...600_000, default: bounds.poolWait)
        bounds.statement = try read.milliseconds("DATABASE_STATEMENT_TIMEOUT_MS", in: 1...600_000, default: bounds.statement)
        bounds.lock = try read.milliseconds("DATABASE_LOCK_TIMEOUT_MS", in: 1...600_000, default: bounds.lock)
        bounds.poolSize = try read.integer(
            "DATABASE_POOL_SIZE", in: 2...500, default: bounds.poolSize,
            note: " (a job holds one connection for its lock and works on another)")
        bounds.maxWaiting = try read.integer("DATABASE_MAX_WAITING", in: 0...100_000, default: bounds.maxWaiting)
        return bounds
    }

    /// An http(s) origin, optionally with a path prefix, and nothing a link could not be built on.
    static func parsePublicURL(_ raw: String) throws -> String {
        guard let components = URLComponents(string: raw), ["http", "https"].contains(components.scheme ?? ""),
            components.host?.isEmpty == false, components.query == nil, components.fragment == nil, components.user == nil
        else {
            throw ConfigurationError("PUBLIC_URL must be an http(s) URL such as https://stay.example.com, without query or fragment, not \(raw)")
        }
        return raw.hasSuffix("/") ? String(raw.dropLast()) : raw
    }

    /// Many shells and containers export HOSTNAME as the machine's name; only an address or
    /// `localhost` is taken as a place to listen.
    static func listenableHostname(_ raw: String) -> String? {
        if raw == "localhost" || raw.allSatisfy({ $0.isNumber || $0 == "." }) || raw.contains(":") { return raw }
        return nil
    }
}

/// Half the descriptors this process may open: the other half stays for requests, the database,
/// hubs and files, however many event streams are open.
private func halfTheFileLimit() -> Int {
    var limit = rlimit()
    // Unlimited reads as the largest value: no bound from here then.
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < 1 << 40 else { return .max }
    return max(1, Int(limit.rlim_cur) / 2)
}
