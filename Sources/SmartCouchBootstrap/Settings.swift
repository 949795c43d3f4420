import Crypto
import Foundation
import HTTPTransport
import SmartCouchDomain
import SmartCouchServices

/// Everything the server is set up with: a plain value, read from the environment by the HTTP
/// layer (or made by a test), from which the composition root builds the server.
package struct Settings: Sendable {
    package enum Mode: String, Sendable, CaseIterable { case development, production, testing }

    package var mode: Mode = .development
    package var databaseURL: String?
    package var hostname: String = "127.0.0.1"
    package var port: Int = 8080
    package var jwtSecret: String
    /// Encrypts hub API tokens at rest.
    package var secretsKey: SymmetricKey
    package var adminEmails: Set<String> = []
    /// A bearer token that may read `/metrics` (a scraper's); operators may read it too, nobody else.
    package var metricsToken: String?
    package var bcryptCost: Int = 12
    package var accessTokenLifetime: TimeInterval = 15 * 60
    package var refreshTokenLifetime: TimeInterval = 30 * 24 * 3600
    package var loginThrottle = LoginThrottle()
    /// The reverse proxies in front of this server (`TRUSTED_PROXIES`), whose `X-Forwarded-For` names the caller.
    package var trustedProxies: Set<IPAddress> = []
    package var projectFiles: ProjectFiles
    /// Where guests reach this server (`PUBLIC_URL`), for the stay links a host sends; nil when unknown.
    package var publicURL: String?
    /// Couches created without a time zone are in this one.
    package var defaultTimeZone: String = "UTC"
    /// Uploaded images are stored here, named by their SHA-256.
    package var imagesDirectory: URL = URL(fileURLWithPath: ".smartcouch/images", isDirectory: true)
    /// The hub of couches that have none of their own, as the original system had exactly one.
    package var defaultHub: DefaultHub?
    /// The bound on every device request to a hub, however many calls it takes.
    package var hubTimeout: Duration = .seconds(5)
    /// How long a command waits for the device's own report before it is answered as sent but
    /// not confirmed (`COMMAND_CONFIRM_MS`).
    package var commandConfirmation: Duration = .seconds(5)
    /// How long a hub's stream that commands hear their devices on stays open after the last command.
    package var commandStreamKeepOpen: Duration = .seconds(60)
    /// Which purposes may call private and loopback addresses that users supply.
    package var egress: EgressPolicy = EgressPolicy()
    /// How many connections one outbound host may hold at once.
    package var connectionsPerHost: Int = 32
    /// The original system ran its weather job hourly at minute 5.
    package var weather: WeatherSettings = WeatherSettings(provider: .openmeteo, schedule: .hourly(minute: 5), maxAge: 180 * 60, concurrency: 8)
    /// Imported channel calendars: when they are synced.
    package var calendars: CalendarSettings = CalendarSettings(schedule: .every(minutes: 15))
    /// When the door-code job puts codes on keypad locks and takes them off (`DOOR_CODES_SCHEDULE`):
    /// the safety net under the passes that follow each change to a couch's stays.
    package var doorCodesSchedule: Schedule = .every(minutes: 1)
    /// How long after a code write its hub timed out on a pass reads the lock again, since the write
    /// may land after the first read-back (`DOOR_CODES_SETTLE_MS`): the code is then on the lock, not failed.
    package var doorCodesSettle: Duration = .seconds(5)
    /// Whether a change to a couch's stays runs the door-code passes over its locks at once
    /// (`DOOR_CODES_FOLLOW_STAYS`, on unless `off`); without, codes wait for the job.
    package var doorCodesFollowStays = true
    /// Triggers running scenes (`AUTOMATIONS`, on unless `off`; `AUTOMATION_TICK_MS`).
    package var automations = AutomationSettings()
    /// When the hub-cleanup job removes from hubs what failed device creations and deletions left
    /// there (`HUB_CLEANUP_SCHEDULE`).
    package var hubCleanupSchedule: Schedule = .every(minutes: 1)
    /// When requests to book that their host did not answer in time expire
    /// (`REQUEST_EXPIRY_SCHEDULE`).
    package var requestExpirySchedule: Schedule = .every(minutes: 1)
    /// How many requests to book one guest may have waiting for hosts at once
    /// (`OPEN_REQUESTS_PER_GUEST`): each holds its nights, so without a bound one account could
    /// hold every couch that takes requests.
    package var openRequestsPerGuest = 3
    /// Listening to hubs' event streams (`HUB_EVENTS`, on unless `off`).
    package var hubEvents: HubEventSettings = HubEventSettings()
    /// Handing committed events to the streams open on this server.
    package var events: EventSettings = EventSettings()
    /// Delivering hosts' webhooks: how often, how patiently, how many at once.
    package var webhooks: WebhookSettings = WebhookSettings()
    /// How long work waits on the database before it answers 503.
    package var database: DatabaseBounds = DatabaseBounds()
    /// How long a stopping server lets requests in flight, and a job run, finish.
    package var drainDeadline: Duration = .seconds(10)
    /// How much longer than the drain deadline a stop may take (workers, the pool) before the
    /// process gives up on it, says which service held it, and exits with a failure.
    package var stopBound: Duration = .seconds(30)
    /// Whether this process runs scheduled jobs; operators can still run one by hand when off.
    package var runsScheduledJobs = true
    /// The longest the scheduler sleeps between looks at the clock.
    package var schedulerTick: Duration = .seconds(1)

    /// The clock every rule that depends on time reads; tests move it.
    package var now: @Sendable () -> Date = { Date() }

    /// The defaults for everything but the secrets and the files, which have none.
    package init(jwtSecret: String, secretsKey: SymmetricKey, projectFiles: ProjectFiles) {
        self.jwtSecret = jwtSecret
        self.secretsKey = secretsKey
        self.projectFiles = projectFiles
    }
}
