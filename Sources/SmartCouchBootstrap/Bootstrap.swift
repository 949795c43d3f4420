import Foundation
import HTTPTransport
import Logging
import ServiceLifecycle
import SmartCouchDomain
import SmartCouchPersistence
import SmartCouchServices

extension ServerEnvironment {
    /// Builds every repository, service and worker once, on a database that the returned
    /// environment's services run. `passwords` is the HTTP layer's hashing algorithm.
    package init(settings: Settings, database: Database, passwords: PasswordHasher, logger: Logger) async throws {
        let client = database.client
        let now = settings.now
        let secrets = SecretBox(key: settings.secretsKey)
        let operators = Operators(emails: settings.adminEmails)

        let userRepository = UserRepository(client: client, logger: logger)
        let couchRepository = CouchRepository(client: client, logger: logger)
        let imageRepository = ImageRepository(client: client, logger: logger)
        let conversationRepository = ConversationRepository(client: client, logger: logger)
        let reservationRepository = ReservationRepository(
            client: client, logger: logger,
            conversations: conversationRepository, idempotencyKeys: IdempotencyRepository(logger: logger))
        let occupancies = OccupancyRepository(client: client, logger: logger)
        let feedRepository = CalendarFeedRepository(client: client, logger: logger)
        let deviceRepository = DeviceRepository(client: client, logger: logger)
        let hubThings = HubThingRepository(client: client, logger: logger)
        let hubCleanups = HubCleanupRepository(client: client, logger: logger)
        let stays = StayRepository(client: client, logger: logger)
        let doorCodeRepository = DoorCodeRepository(client: client, logger: logger)
        let accessLog = AccessLogRepository(client: client, logger: logger)
        let watcherRepository = WeatherWatcherRepository(client: client, logger: logger)
        let weatherReadings = WeatherReadingRepository(client: client, logger: logger)
        let hubEvents = HubEventRepository(client: client, logger: logger)
        let jobRuns = JobRunRepository(client: client, logger: logger)
        let webhookRepository = WebhookRepository(client: client, logger: logger)
        let eventRepository = EventRepository(client: client, logger: logger)
        let imageFiles = ImageFileStore(directory: settings.imagesDirectory)
        do {
            try imageFiles.prepare()
        } catch {
            throw ConfigurationError(
                "the images directory \(settings.imagesDirectory.path) (IMAGES_DIR) is not writable: \(error.localizedDescription)")
        }

        let (registry, meters) = MetricsScrape.registry()
        let (stayChanges, changedCouches) = settings.doorCodesFollowStays ? StayChanges.stream() : (.unfollowed, AsyncStream { $0.finish() })
        self.meters = meters
        // Outbound calls, each kind on a transport of its own so that none starves another. One
        // slow host holds at most connectionsPerHost of the requests' connections.
        let transport = CurlTransport(maxConnectionsPerHost: settings.connectionsPerHost, maxConnections: 256)
        // A command's subscription lasts until its device reports; a burst of them leaves the hub
        // calls their connections.
        let commandStreams = ObservedTransport(
            CurlTransport(maxConnectionsPerHost: 1024, maxConnections: 4096), peer: "hub", meters: meters, propagatesTrace: true)
        // One connection per hub for as long as it is held, many hubs sharing a host (a cloud
        // relay) included; the process's file descriptors are the bound.
        let hubStreams = ObservedTransport(
            CurlTransport(maxConnectionsPerHost: 10_000, maxConnections: 10_000), peer: "hub_events", meters: meters, propagatesTrace: true)

        self.settings = settings
        readiness = ReadinessService(
            migrations: MigrationRunner(
                client: client, migrations: try Migration.load(from: settings.projectFiles.migrations), bounds: settings.database, logger: logger))
        users = UserService(users: userRepository, operators: operators)
        auth = AuthService(
            users: userRepository,
            operators: operators,
            sessions: SessionRepository(client: client, logger: logger),
            failures: LoginFailureRepository(client: client, logger: logger),
            passwords: passwords,
            accessTokens: await AccessTokens.make(secret: settings.jwtSecret, lifetime: settings.accessTokenLifetime),
            throttle: settings.loginThrottle,
            refreshLifetime: settings.refreshTokenLifetime,
            now: now)
        couches = CouchService(
            couches: couchRepository, images: imageRepository, imageFiles: imageFiles,
            defaultTimeZone: settings.defaultTimeZone, now: now)
        images = ImageService(couches: couches, images: imageRepository, files: imageFiles)
        search = CouchSearchService(search: CouchSearchRepository(client: client, logger: logger), now: now)
        let termsRepository = BookingTermsRepository(client: client, logger: logger)
        reservations = ReservationService(
            reservations: reservationRepository, imports: feedRepository, occupancies: occupancies, couches: couchRepository,
            terms: termsRepository, stayChanges: stayChanges, openRequestsPerGuest: settings.openRequestsPerGuest, now: now)
        bookingTerms = BookingTermsService(terms: termsRepository, couches: couches, now: now)
        availability = AvailabilityService(occupancies: occupancies, couches: couchRepository, secrets: secrets, now: now)
        blocks = BlockService(occupancies: occupancies, couches: couches, now: now)
        ratings = RatingService(
            ratings: RatingRepository(client: client, logger: logger), reservations: reservationRepository,
            couches: couchRepository, now: now)
        conversations = ConversationService(conversations: conversationRepository, couches: couchRepository, users: userRepository)
        calendarFeeds = CalendarFeedService(
            feeds: feedRepository, couches: couches, secrets: secrets,
            egress: settings.egress, transport: ObservedTransport(transport, peer: "calendar", meters: meters), settings: settings.calendars,
            logger: logger, meters: meters, stayChanges: stayChanges, now: now)

        access = HomeAccess(relations: HomeAccessRepository(client: client, logger: logger), log: accessLog, now: now)
        hubs = HubService(
            hubs: HubRepository(client: client, logger: logger), things: hubThings, couches: couches,
            secrets: secrets, defaultHub: settings.defaultHub,
            timeout: settings.hubTimeout, egress: settings.egress,
            transport: ObservedTransport(transport, peer: "hub", meters: meters, propagatesTrace: true),
            logger: logger, now: now)
        thingAssignments = ThingAssignmentService(things: hubThings, hubs: hubs, couches: couchRepository, users: users, now: now)
        let cleaner = HubCleaner(cleanups: hubCleanups, hubs: hubs, now: now)
        let itemReports = ItemReports(idleTimeout: settings.hubEvents.idleTimeout, keepOpen: settings.commandStreamKeepOpen)
        commands = DeviceCommands(
            devices: deviceRepository, hubs: hubs, access: access,
            passwords: PasswordConfirmation(users: userRepository, passwords: passwords), stays: stays,
            confirmWithin: settings.commandConfirmation, streams: commandStreams, reports: itemReports, now: now)
        devices = DeviceService(devices: deviceRepository, hubs: hubs, access: access)
        let presenceRepository = PresenceRepository(client: client, logger: logger)
        let presenceLights = PresenceLights(presence: presenceRepository, commands: commands, now: now)
        let hubWatch = HubWatch()
        provisioning = DeviceProvisioning(
            devices: deviceRepository, hubs: hubs, access: access, commands: commands, cleanups: hubCleanups, cleaner: cleaner,
            presenceLights: presenceLights, hubWatch: hubWatch, now: now)
        grants = GrantService(grants: GrantRepository(client: client, logger: logger), users: userRepository, access: access, now: now)
        watchers = WeatherWatcherService(watchers: watcherRepository, devices: deviceRepository, access: access, now: now)
        energy = EnergyService(couches: couches, watchers: watcherRepository, readings: weatherReadings, log: accessLog, now: now)
        guides = CouchGuideService(guides: CouchGuideRepository(client: client, logger: logger), couches: couches, secrets: secrets, now: now)
        doorCodes = DoorCodeService(codes: doorCodeRepository, couches: couches, secrets: secrets, stayChanges: stayChanges)
        stayAccess = StayAccessService(
            codes: doorCodeRepository, stays: stays, guides: guides, log: accessLog, secrets: secrets, stayChanges: stayChanges, now: now)
        let sceneRepository = SceneRepository(client: client, logger: logger)
        let automationRuns = AutomationRunRepository(client: client, logger: logger)
        scenes = SceneService(
            scenes: sceneRepository, devices: deviceRepository, couches: couches, access: access, commands: commands, stays: stayAccess, now: now)
        triggers = TriggerService(
            triggers: TriggerRepository(client: client, logger: logger), runs: automationRuns, scenes: sceneRepository, devices: deviceRepository,
            couches: couches, now: now)
        presence = PresenceService(presence: presenceRepository, devices: deviceRepository, couches: couches, now: now)
        let presenceSimulator = PresenceSimulator(
            presence: presenceRepository, lights: presenceLights, settings: settings.automations, logger: logger, now: now)
        let automations = AutomationEngine(
            runs: automationRuns, scenes: sceneRepository, devices: deviceRepository, commands: commands, access: access,
            settings: settings.automations, logger: logger, now: now)
        let doorCodePasses = DoorCodePasses(
            schedule: settings.doorCodesSchedule, codes: doorCodeRepository, hubs: hubs, log: accessLog, secrets: secrets, meters: meters,
            settle: settings.doorCodesSettle, poolSize: settings.database.poolSize, now: now)
        // A pass waits for another over the same lock about as long as that one's hub calls, and the
        // wait to settle a write that timed out, may take.
        let doorCodeFollower = DoorCodeFollower(
            passes: doorCodePasses, changes: changedCouches, patience: settings.hubTimeout * 4 + settings.doorCodesSettle, logger: logger)

        let scheduler = Scheduler(
            jobs: [
                WeatherJob(
                    schedule: settings.weather.schedule, watchers: watcherRepository, readings: weatherReadings, commands: commands,
                    weather: settings.weather.client(transport: ObservedTransport(transport, peer: "weather", meters: meters)),
                    settings: settings.weather, now: now),
                CalendarSyncJob(schedule: settings.calendars.schedule, feeds: calendarFeeds),
                DoorCodeJob(passes: doorCodePasses),
                HubCleanupJob(schedule: settings.hubCleanupSchedule, cleanups: hubCleanups, cleaner: cleaner, hubs: hubs, now: now),
                RequestExpiryJob(schedule: settings.requestExpirySchedule, reservations: reservationRepository, now: now)
            ],
            runs: jobRuns, now: now, tick: settings.schedulerTick,
            scheduling: settings.runsScheduledJobs, grace: settings.drainDeadline, logger: logger, meters: meters)
        jobs = JobService(scheduler: scheduler, runs: jobRuns, users: users)
        // Rung by requests that changed something and by recorded hub reports: their events get ids at once.
        let eventsWritten = WakeUp()
        let listener = HubEventListener(
            repository: hubEvents, hubs: hubs,
            recorder: HubEventRecorder(
                events: hubEvents, codes: doorCodeRepository, stays: stays, log: accessLog, written: eventsWritten, logger: logger, now: now),
            settings: settings.hubEvents, transport: hubStreams, watch: hubWatch, logger: logger)
        let scrape = MetricsScrape(registry: registry, database: database, listener: listener, reports: itemReports)
        metrics = MetricsService(auth: auth, users: users, token: settings.metricsToken, scrape: { await scrape.text() })
        let queued = WakeUp()
        let relay = EventRelay(
            events: eventRepository, settings: settings.events, written: eventsWritten, deliveries: queued, logger: logger, now: now)
        events = EventService(relay: relay, events: eventRepository, written: eventsWritten)
        closeEventStreams = { await relay.closeAll() }
        webhooks = WebhookService(webhooks: webhookRepository, secrets: secrets, egress: settings.egress, settings: settings.webhooks, now: now)
        let deliverer = WebhookDeliverer(
            deliveries: WebhookDeliveryRepository(client: client, logger: logger), secrets: secrets, egress: settings.egress,
            transport: ObservedTransport(
                CurlTransport(maxConnectionsPerHost: settings.connectionsPerHost, maxConnections: 256), peer: "webhook", meters: meters),
            settings: settings.webhooks, wake: queued, logger: logger, now: now)
        // A worker its settings turn off is left out rather than run idle.
        var running: [any Service] = [database, scheduler, listener, relay, doorCodeFollower, itemReports]
        if settings.webhooks.enabled { running.append(deliverer) }
        if settings.automations.enabled { running += [automations, presenceSimulator] as [any Service] }
        services = running
        databaseUnavailable = { DatabaseUnavailable(classifying: $0) }
    }
}
