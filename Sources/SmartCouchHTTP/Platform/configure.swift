import Foundation
import Leaf
import NIOCore
import SmartCouchBootstrap
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Installs the middleware and registers every controller with the services it is handed.
package func configure(_ app: Application, environment: ServerEnvironment) throws {
    let settings = environment.settings
    // On SIGTERM the server stops accepting and waits this long for requests in flight.
    app.http.server.configuration.shutdownTimeout = TimeAmount(settings.drainDeadline)
    app.routes.defaultMaxBodySize = "1mb"
    // Responses are not compressed, yet the compressor in every connection's pipeline would hold a
    // buffer for it as long as the connection lasts: an open event stream's biggest single cost.
    app.http.server.configuration.responseCompression = .disabled(initialByteBufferCapacity: 0)
    app.middleware = Middlewares()
    // Vapor carries the request's service context (its id) across its own future hops.
    app.traceAutoPropagation = true
    let pages = settings.projectFiles.pages
    let catalogue = try PageCatalogue(directory: pages.appendingPathComponent("strings"))
    let consoleCatalogue = try PageCatalogue(directory: pages.appendingPathComponent("strings/console"))
    // Leaf reads its templates from the views directory, which it wants with its trailing slash.
    app.directory.viewsDirectory = pages.appendingPathComponent("templates").path + "/"
    app.views.use(.leaf)
    let views = PageViews(renderer: app.leaf.renderer)
    let unavailable = environment.databaseUnavailable
    app.middleware.use(
        RequestTask(
            [
                RequestIDMiddleware(),
                ClientAddressMiddleware(trusted: settings.trustedProxies),
                MetricsMiddleware(meters: environment.meters),
                RequestTracingMiddleware(),
                RequestLoggingMiddleware(level: .info),
                // Outside the problem middleware, so that a refusal to a bearer request is not cached either.
                NoStoreMiddleware(onlyWithCredentials: true),
                ProblemMiddleware(databaseUnavailable: unavailable),
                // A browser at a stay link gets pages for every failure under /stays, unknown routes included.
                PageErrorMiddleware(catalogue: catalogue, views: views, under: "/stays", databaseUnavailable: unavailable),
                PageErrorMiddleware(catalogue: consoleCatalogue, views: views, under: "/console", sayingWhy: true, databaseUnavailable: unavailable),
                NULCharacterMiddleware(),
                EventsWrittenMiddleware(events: environment.events)
            ]))
    JSONCoding.install()

    let routes: any RoutesBuilder = app
    let authenticated = app.grouped(inline: NoStoreMiddleware(), RequireAuthentication(auth: environment.auth))
    // Public routes whose answers carry a secret: new tokens, a stay link's codes.
    let secretAnswers = app.grouped(inline: NoStoreMiddleware())
    let env = environment
    OperationsController(
        readiness: env.readiness, contract: try String(contentsOf: settings.projectFiles.contract, encoding: .utf8)
    ).register(routes: routes)
    AuthController(auth: env.auth).register(routes: secretAnswers, authenticated: authenticated)
    UserController(users: env.users, auth: env.auth).register(routes: routes, authenticated: authenticated)
    CouchController(couches: env.couches).register(routes: routes, authenticated: authenticated)
    CouchSearchController(search: env.search).register(routes: routes)
    ImageController(images: env.images).register(routes: routes, authenticated: authenticated)
    ReservationController(reservations: env.reservations).register(authenticated: authenticated)
    BookingTermsController(terms: env.bookingTerms, reservations: env.reservations, auth: env.auth).register(
        routes: routes, authenticated: authenticated)
    AvailabilityController(availability: env.availability).register(routes: routes)
    BlockController(blocks: env.blocks).register(authenticated: authenticated)
    RatingController(ratings: env.ratings).register(routes: routes, authenticated: authenticated)
    ConversationController(conversations: env.conversations).register(authenticated: authenticated)
    CalendarFeedController(feeds: env.calendarFeeds).register(authenticated: authenticated)
    ThingAssignmentController(assignments: env.thingAssignments).register(authenticated: authenticated)
    HubController(hubs: env.hubs, provisioning: env.provisioning).register(authenticated: authenticated)
    DeviceController(devices: env.devices, provisioning: env.provisioning).register(authenticated: authenticated)
    CommandController(commands: env.commands).register(authenticated: authenticated)
    GrantController(grants: env.grants).register(authenticated: authenticated)
    AccessLogController(access: env.access).register(authenticated: authenticated)
    WatcherController(watchers: env.watchers).register(authenticated: authenticated)
    GuideController(guides: env.guides).register(authenticated: authenticated)
    DoorCodeController(codes: env.doorCodes).register(authenticated: authenticated)
    StayAccessController(access: env.stayAccess, publicURL: settings.publicURL).register(authenticated: authenticated)
    let stayLinks = secretAnswers.grouped(inline: LinkGuessLimiter())
    StayLinkController(
        access: env.stayAccess, scenes: env.scenes, catalogue: catalogue, views: views,
        stylesheet: try PageAsset(pages.appendingPathComponent("assets/stay.css"), contentType: "text/css; charset=utf-8"),
        secureCookies: settings.publicURL?.hasPrefix("https://") == true, now: settings.now
    ).register(routes: secretAnswers, links: stayLinks)
    registerConsole(
        on: app, environment: environment, catalogue: consoleCatalogue, views: views,
        stylesheet: try PageAsset(pages.appendingPathComponent("assets/console.css"), contentType: "text/css; charset=utf-8"),
        script: try PageAsset(pages.appendingPathComponent("assets/console.js"), contentType: "text/javascript; charset=utf-8"))
    SceneController(scenes: env.scenes).register(authenticated: authenticated, links: stayLinks)
    TriggerController(triggers: env.triggers).register(authenticated: authenticated)
    PresenceController(presence: env.presence).register(authenticated: authenticated)
    JobController(jobs: env.jobs).register(authenticated: authenticated)
    WebhookController(webhooks: env.webhooks).register(authenticated: authenticated)
    EventController(events: env.events).register(authenticated: authenticated)
    // Behind its own check (a scraper's token need not be a user's), with no-store like any bearer answer.
    MetricsController(metrics: env.metrics).register(routes: secretAnswers)
}
