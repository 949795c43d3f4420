import Crypto
import Foundation
import HTTPTransport
import Logging
import SmartCouchDomain
import SmartCouchPersistence
import SmartCouchServices

/// Everything the server reads from its environment, parsed once at start.
package struct Configuration: Sendable {
    package enum Mode: String, Sendable { case development, production, testing }

    package var mode: Mode
    package var databaseURL: String?
    package var hostname: String
    package var port: Int
    package var jwtSecret: String
    /// Encrypts hub API tokens at rest.
    package var secretsKey: SymmetricKey
    package var adminEmails: Set<String>
    package var bcryptCost: Int
    package var accessTokenLifetime: TimeInterval = 15 * 60
    package var refreshTokenLifetime: TimeInterval = 30 * 24 * 3600
    package var loginThrottle = LoginThrottle()
    package var projectFiles: ProjectFiles
    /// Where guests reach this server (`PUBLIC_URL`), for the stay links a host sends; nil when unknown.
    package var publicURL: String?
    /// Couches created without a time zone are in this one.
    package var defaultTimeZone: String
    /// Uploaded images are stored here, named by their SHA-256.
    package var imagesDirectory: URL
    /// The hub of couches that have none of their own, as the original system had exactly one.
    package var defaultHub: DefaultHub?
    /// The bound on every device request to a hub, however many calls it takes.
    package var hubTimeout: Duration
    /// How long a command waits for the device's own report before it is answered as sent but
    /// not confirmed (`COMMAND_CONFIRM_MS`).
    package var commandConfirmation: Duration
    /// Which purposes may call private and loopback addresses that users supply.
    package var egress: EgressPolicy
    /// How many connections one outbound host may hold at once.
    package var connectionsPerHost: Int
    package var weather: WeatherSettings
    /// Imported channel calendars: when they are synced.
    package var calendars: CalendarSettings
    /// When the door-code job puts codes on keypad locks and takes them off (`DOOR_CODES_SCHEDULE`):
    /// every minute, so a code due now is on its lock within a minute of the booking.
    package var doorCodesSchedule: Schedule
    /// When the hub-cleanup job removes from hubs what failed device creations and deletions left
    /// there (`HUB_CLEANUP_SCHEDULE`).
    package var hubCleanupSchedule: Schedule
    /// Listening to hubs' event streams (`HUB_EVENTS`, on unless `off`).
    package var hubEvents: HubEventSettings
    /// How long work waits on the database before it answers 503.
    package var database: DatabaseBounds
    /// How long a stopping server lets requests in flight, and a job run, finish.
    package var drainDeadline: Duration
    /// Whether this process runs scheduled jobs; operators can still run one by hand when off.
    package var runsScheduledJobs = true
    /// The longest the scheduler sleeps between looks at the clock.
    package var schedulerTick: Duration = .seconds(1)

    /// The clock every rule that depends on time reads; tests move it.
    package var now: @Sendable () -> Date = { Date() }

    /// Reads the configuration; settings whose absence is unsafe in production are generated
    /// (with a warning) only outside it.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger
    ) throws -> Configuration {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
            return raw
        }
        let mode = try value("APP_ENV").map { raw in
            guard let mode = Mode(rawValue: raw) else {
                throw ConfigurationError("APP_ENV must be development, production or testing, not \(raw)")
            }
            return mode
        } ?? .development

        let jwtSecret: String
        if let secret = value("JWT_SECRET") {
            guard secret.utf8.count >= 32 else {
                throw ConfigurationError("JWT_SECRET must be at least 32 bytes (openssl rand -base64 32)")
            }
            jwtSecret = secret
        } else if mode == .production {
            throw ConfigurationError("JWT_SECRET must be set in production")
        } else {
            logger.warning("JWT_SECRET is not set: using a random one, so tokens die with this process")
            jwtSecret = randomSecret()
        }

        let secretsKey: SymmetricKey
        if let encoded = value("SECRETS_KEY") {
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

        return Configuration(
            mode: mode,
            databaseURL: value("DATABASE_URL"),
            hostname: value("HOSTNAME").flatMap(listenableHostname) ?? "127.0.0.1",
            port: try value("PORT").map { try parsePort($0) } ?? 8080,
            jwtSecret: jwtSecret,
            secretsKey: secretsKey,
            adminEmails: Set((value("ADMIN_EMAILS") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }.filter { !$0.isEmpty }),
            bcryptCost: try value("BCRYPT_COST").map { raw in
                guard let cost = Int(raw), (4...31).contains(cost) else {
                    throw ConfigurationError("BCRYPT_COST must be a number from 4 to 31")
                }
                return cost
            } ?? 12,
            projectFiles: try ProjectFiles.locate(environment: environment),
            publicURL: try value("PUBLIC_URL").map(parsePublicURL),
            defaultTimeZone: try value("DEFAULT_TIME_ZONE").map { zone in
                guard TimeZone(identifier: zone) != nil else {
                    throw ConfigurationError("DEFAULT_TIME_ZONE must be an IANA time zone such as Europe/Budapest, not \(zone)")
                }
                return zone
            } ?? "UTC",
            imagesDirectory: URL(fileURLWithPath: value("IMAGES_DIR") ?? ".smartcouch/images", isDirectory: true),
            defaultHub: try value("OPENHAB_URL").map { raw in
                guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                    throw ConfigurationError("OPENHAB_URL must be an http(s) URL such as http://openhab.local:8080, not \(raw)")
                }
                return DefaultHub(baseURL: url, token: value("OPENHAB_TOKEN"))
            },
            hubTimeout: .milliseconds(try value("OPENHAB_TIMEOUT_MS").map { raw in
                guard let milliseconds = Int(raw), (1...120_000).contains(milliseconds) else {
                    throw ConfigurationError("OPENHAB_TIMEOUT_MS must be a number of milliseconds from 1 to 120000")
                }
                return milliseconds
            } ?? 5000),
            commandConfirmation: .milliseconds(try value("COMMAND_CONFIRM_MS").map { raw in
                guard let milliseconds = Int(raw), (1...60_000).contains(milliseconds) else {
                    throw ConfigurationError("COMMAND_CONFIRM_MS must be a number of milliseconds from 1 to 60000")
                }
                return milliseconds
            } ?? 5000),
            egress: try value("OUTBOUND_ALLOW_PRIVATE").map { raw in
                do throws(EgressPolicy.UnknownPurpose) {
                    return try EgressPolicy(parsing: raw)
                } catch {
                    throw ConfigurationError("OUTBOUND_ALLOW_PRIVATE is a comma list of hub, weather, calendar, webhook; '\(error.word)' is none of them")
                }
            } ?? EgressPolicy(),
            connectionsPerHost: try value("OUTBOUND_CONNECTIONS_PER_HOST").map { raw in
                guard let count = Int(raw), (1...256).contains(count) else {
                    throw ConfigurationError("OUTBOUND_CONNECTIONS_PER_HOST must be a number from 1 to 256")
                }
                return count
            } ?? 32,
            weather: try WeatherSettings.fromEnvironment(value),
            calendars: CalendarSettings(schedule: try value("CALENDAR_SYNC_SCHEDULE").map(Schedule.init(parsing:)) ?? .every(minutes: 15)),
            doorCodesSchedule: try value("DOOR_CODES_SCHEDULE").map(Schedule.init(parsing:)) ?? .every(minutes: 1),
            hubCleanupSchedule: try value("HUB_CLEANUP_SCHEDULE").map(Schedule.init(parsing:)) ?? .every(minutes: 1),
            hubEvents: HubEventSettings(enabled: try value("HUB_EVENTS").map { raw in
                guard ["on", "off"].contains(raw) else { throw ConfigurationError("HUB_EVENTS must be on or off, not \(raw)") }
                return raw == "on"
            } ?? true),
            database: try DatabaseBounds.fromEnvironment(value),
            drainDeadline: .milliseconds(try value("SHUTDOWN_DRAIN_MS").map { raw in
                guard let milliseconds = Int(raw), (0...600_000).contains(milliseconds) else {
                    throw ConfigurationError("SHUTDOWN_DRAIN_MS must be a number of milliseconds from 0 to 600000")
                }
                return milliseconds
            } ?? 10_000)
        )
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

    static func parsePort(_ raw: String) throws -> Int {
        guard let port = Int(raw), (0...65535).contains(port) else {
            throw ConfigurationError("PORT must be a number from 0 to 65535, not \(raw)")
        }
        return port
    }

    /// Many shells and containers export HOSTNAME as the machine's name; only an address or
    /// `localhost` is taken as a place to listen.
    static func listenableHostname(_ raw: String) -> String? {
        if raw == "localhost" || raw.allSatisfy({ $0.isNumber || $0 == "." }) || raw.contains(":") { return raw }
        return nil
    }

    static func randomSecret() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).base64EncodedString() }
    }
}
