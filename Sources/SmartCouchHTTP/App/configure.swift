import Foundation
import HTTPTransport
import Leaf
import NIOCore
import SmartCouchDomain
import SmartCouchPersistence
import SmartCouchServices
import Vapor

/// Wires repositories, services and controllers onto an application whose database is ready
/// (migrated) and whose lifetime the caller owns.
package func configure(_ app: Application, configuration: Configuration, database: Database) async throws {
    app.http.server.configuration.hostname = configuration.hostname
    app.http.server.configuration.port = configuration.port
    // On SIGTERM the server stops accepting and waits this long for requests in flight.
    app.http.server.configuration.shutdownTimeout = TimeAmount(configuration.drainDeadline)
    app.routes.defaultMaxBodySize = "1mb"
    app.middleware = Middlewares()
    app.middleware.use(RequestLoggingMiddleware(level: .info))
    app.middleware.use(ProblemMiddleware())
    let pages = configuration.projectFiles.pages
    let catalogue = try PageCatalogue(directory: pages.appendingPathComponent("strings"))
    // A browser at a stay link gets pages for every failure under /stays, unknown routes included.
    app.middleware.use(PageErrorMiddleware(catalogue: catalogue, under: "/stays"))
    app.middleware.use(NULCharacterMiddleware())
    JSONCoding.install()
    // Leaf reads its templates from the views directory, which it wants with its trailing slash.
    app.directory.viewsDirectory = configuration.projectFiles.pages.appendingPathComponent("templates").path + "/"
    app.views.use(.leaf)

    let logger = app.logger
    let client = database.client
    let now = configuration.now
    let secrets = SecretBox(key: configuration.secretsKey)
    let userRepository = UserRepository(client: client, logger: logger)
    let operators = Operators(emails: configuration.adminEmails)
    let auth = AuthService(
        users: userRepository,
        operators: operators,
        sessions: SessionRepository(client: client, logger: logger),
        failures: LoginFailureRepository(client: client, logger: logger),
        passwords: try await .bcrypt(cost: configuration.bcryptCost),
        accessTokens: await AccessTokens.make(secret: configuration.jwtSecret, lifetime: configuration.accessTokenLifetime),
        throttle: configuration.loginThrottle,
        refreshLifetime: configuration.refreshTokenLifetime,
        now: now)
    let migrations = MigrationRunner(
        client: client, migrations: try Migration.load(from: configuration.projectFiles.migrations), bounds: configuration.database, logger: logger)

    let routes: any RoutesBuilder = app
    let authenticated = app.grouped(NoStoreMiddleware(), RequireAuthentication(auth: auth))
    // Public routes whose answers carry a secret: new tokens, a stay link's codes.
    let secretAnswers = app.grouped(NoStoreMiddleware())
    OperationsController(
        readiness: ReadinessService(migrations: migrations),
        contract: try String(contentsOf: configuration.projectFiles.contract, encoding: .utf8)
    ).register(routes: routes)
    AuthController(auth: auth).register(routes: secretAnswers, authenticated: authenticated)
    UserController(users: UserService(users: userRepository, operators: operators), auth: auth).register(routes: routes, authenticated: authenticated)
    let couchRepository = CouchRepository(client: client, logger: logger)
    let imageRepository = ImageRepository(client: client, logger: logger)
    let imageFiles = ImageFileStore(directory: configuration.imagesDirectory)
    let couches = CouchService(
        couches: couchRepository, images: imageRepository, imageFiles: imageFiles,
        defaultTimeZone: configuration.defaultTimeZone, now: now)
    CouchController(couches: couches).register(routes: routes, authenticated: authenticated)

    let conversations = ConversationRepository(client: client, logger: logger)
    let reservationRepository = ReservationRepository(
        client: client, logger: logger,
        conversations: conversations, idempotencyKeys: IdempotencyRepository(logger: logger))
    let occupancies = OccupancyRepository(client: client, logger: logger)
    let calendarFeedRepository = CalendarFeedRepository(client: client, logger: logger)
    ReservationController(reservations: ReservationService(
        reservations: reservationRepository, imports: calendarFeedRepository, occupancies: occupancies, couches: couchRepository, now: now)
    ).register(authenticated: authenticated)
    AvailabilityController(availability: AvailabilityService(
        occupancies: occupancies, couches: couchRepository, secrets: secrets, now: now))
        .register(routes: routes)
    BlockController(blocks: BlockService(occupancies: occupancies, couches: couches, now: now)).register(authenticated: authenticated)
    let ratings = RatingService(
        ratings: RatingRepository(client: client, logger: logger), reservations: reservationRepository,
        couches: couchRepository, now: now)
    RatingController(ratings: ratings).register(routes: routes, authenticated: authenticated)

    let access = HomeAccess(
        relations: HomeAccessRepository(client: client, logger: logger),
        log: AccessLogRepository(client: client, logger: logger), now: now)
    // One slow host holds at most connectionsPerHost of the transport's connections.
    let transport = CurlTransport(maxConnectionsPerHost: configuration.connectionsPerHost, maxConnections: 256)
    let hubThings = HubThingRepository(client: client, logger: logger)
    let hubs = HubService(
        hubs: HubRepository(client: client, logger: logger), things: hubThings, couches: couches,
        secrets: secrets, defaultHub: configuration.defaultHub,
        timeout: configuration.hubTimeout, egress: configuration.egress, transport: transport, logger: logger, now: now)
    ThingAssignmentController(assignments: ThingAssignmentService(
        things: hubThings, hubs: hubs, couches: couchRepository, users: UserService(users: userRepository, operators: operators), now: now)
    ).register(authenticated: authenticated)
    let deviceRepository = DeviceRepository(client: client, logger: logger)
    let stays = StayRepository(client: client, logger: logger)
    let hubCleanups = HubCleanupRepository(client: client, logger: logger)
    let cleaner = HubCleaner(cleanups: hubCleanups, hubs: hubs, now: now)
    let hubCleanupJob = HubCleanupJob(schedule: configuration.hubCleanupSchedule, cleanups: hubCleanups, cleaner: cleaner, hubs: hubs, now: now)
    let commands = DeviceCommands(
        devices: deviceRepository, hubs: hubs, access: access,
        passwords: PasswordConfirmation(users: userRepository, passwords: auth.passwords), stays: stays,
        confirmWithin: configuration.commandConfirmation,
        // A command's subscription lasts until its device reports; a burst of them leaves the hub calls their connections.
        streams: CurlTransport(maxConnectionsPerHost: 1024, maxConnections: 4096), now: now)
    HomeController(
        hubs: hubs,
        devices: DeviceService(devices: deviceRepository, hubs: hubs, access: access),
        provisioning: DeviceProvisioning(devices: deviceRepository, hubs: hubs, access: access, cleanups: hubCleanups, cleaner: cleaner, now: now),
        commands: commands,
        grants: GrantService(grants: GrantRepository(client: client, logger: logger), users: userRepository, access: access, now: now),
        access: access
    ).register(authenticated: authenticated)
    let watcherRepository = WeatherWatcherRepository(client: client, logger: logger)
    WatcherController(watchers: WeatherWatcherService(watchers: watcherRepository, devices: deviceRepository, access: access, now: now))
        .register(authenticated: authenticated)
    let weatherJob = WeatherJob(
        schedule: configuration.weather.schedule, watchers: watcherRepository,
        commands: commands, weather: configuration.weather.client(transport: transport),
        settings: configuration.weather, now: now)

    let calendarFeeds = CalendarFeedService(
        feeds: calendarFeedRepository, couches: couches, secrets: secrets,
        egress: configuration.egress, transport: transport, settings: configuration.calendars, logger: logger, now: now)
    CalendarFeedController(feeds: calendarFeeds).register(authenticated: authenticated)
    let calendarJob = CalendarSyncJob(schedule: configuration.calendars.schedule, feeds: calendarFeeds)

    CouchSearchController(search: CouchSearchService(search: CouchSearchRepository(client: client, logger: logger)))
        .register(routes: routes)
    ImageController(images: ImageService(
        couches: couches, images: imageRepository, files: imageFiles)
    ).register(routes: routes, authenticated: authenticated)
    ConversationController(conversations: ConversationService(
        conversations: conversations, couches: couchRepository, users: userRepository)
    ).register(authenticated: authenticated)

    let doorCodes = DoorCodeRepository(client: client, logger: logger)
    let accessLog = AccessLogRepository(client: client, logger: logger)
    let guides = CouchGuideService(guides: CouchGuideRepository(client: client, logger: logger), couches: couches, secrets: secrets, now: now)
    GuideController(guides: guides).register(authenticated: authenticated)
    let stayAccess = StayAccessService(codes: doorCodes, stays: stays, couches: couches, guides: guides, log: accessLog, secrets: secrets, now: now)
    DoorCodeController(access: stayAccess, publicURL: configuration.publicURL).register(authenticated: authenticated)
    StayLinkController(
        access: stayAccess, catalogue: catalogue,
        stylesheet: try String(contentsOf: pages.appendingPathComponent("assets/stay.css"), encoding: .utf8), now: now
    ).register(routes: secretAnswers)
    let doorCodeJob = DoorCodeJob(
        schedule: configuration.doorCodesSchedule, codes: doorCodes, hubs: hubs, log: accessLog, secrets: secrets, now: now)

    let hubEvents = HubEventRepository(client: client, logger: logger)
    let listener = HubEventListener(
        repository: hubEvents, hubs: hubs,
        recorder: HubEventRecorder(events: hubEvents, codes: doorCodes, stays: stays, log: accessLog, logger: logger, now: now),
        settings: configuration.hubEvents,
        // One connection per hub for as long as it is held, many hubs sharing a host (a cloud
        // relay) included; the process's file descriptors are the bound.
        transport: CurlTransport(maxConnectionsPerHost: 10_000, maxConnections: 10_000), logger: logger)
    app.lifecycle.use(HubEventLifecycle(listener: listener, enabled: configuration.hubEvents.enabled))

    let jobRuns = JobRunRepository(client: client, logger: logger)
    let scheduler = Scheduler(jobs: [weatherJob, calendarJob, doorCodeJob, hubCleanupJob], runs: jobRuns, now: now, tick: configuration.schedulerTick, logger: logger)
    app.lifecycle.use(SchedulerLifecycle(scheduler: scheduler, scheduling: configuration.runsScheduledJobs, grace: configuration.drainDeadline))
    JobController(jobs: JobService(scheduler: scheduler, runs: jobRuns, users: UserService(users: userRepository, operators: operators)))
        .register(authenticated: authenticated)
}
