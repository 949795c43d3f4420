import Foundation
import SmartCouchBootstrap
import Vapor

/// The host's console: its pages under `/console`, each behind the browser session, on the same
/// services as the API.
func registerConsole(
    on app: Application, environment env: ServerEnvironment, catalogue: PageCatalogue, views: PageViews, stylesheet: PageAsset, script: PageAsset
) {
    let settings = env.settings
    let view = ConsoleView(
        catalogue: catalogue, views: views, strings: TemplateStrings(directory: URL(fileURLWithPath: app.directory.viewsDirectory)),
        secureCookies: settings.publicURL?.hasPrefix("https://") == true)
    let pages = app.grouped(inline: NoStoreMiddleware())
    let consoleSession = ConsoleSession(auth: env.auth, couches: env.couches)
    let session = pages.grouped(inline: consoleSession)
    // Shared before the session is read: a making reads who is signed in and their couches after
    // every request it answers came. The event stream never ends: it is not a page to share.
    let signedIn = pages.grouped(inline: PageSharing(), consoleSession, ConsoleSession.HostsOnly())
    let hosts = session.grouped(inline: ConsoleSession.HostsOnly())
    ConsoleLoginController(auth: env.auth, view: view).register(routes: pages, signedIn: session)
    ConsoleTodayController(
        reservations: env.reservations, codes: env.doorCodes, feeds: env.calendarFeeds, devices: env.devices, view: view, now: settings.now
    ).register(signedIn: signedIn)
    ConsoleCalendarController(
        reservations: env.reservations, availability: env.availability, blocks: env.blocks, feeds: env.calendarFeeds, couches: env.couches,
        view: view, now: settings.now
    ).register(signedIn: signedIn)
    ConsoleStayController(
        reservations: env.reservations, access: env.stayAccess, codes: env.doorCodes, view: view, publicURL: settings.publicURL,
        now: settings.now
    ).register(signedIn: signedIn)
    ConsoleHomeController(
        devices: env.devices, commands: env.commands, scenes: env.scenes, triggers: env.triggers, presence: env.presence, access: env.access,
        couches: env.couches, view: view
    ).register(signedIn: signedIn)
    ConsoleEnergyController(energy: env.energy, couches: env.couches, view: view).register(signedIn: signedIn)
    ConsoleSettingsController(
        terms: env.bookingTerms, reservations: env.reservations, guides: env.guides, codes: env.doorCodes, feeds: env.calendarFeeds,
        hubs: env.hubs, couches: env.couches, view: view
    ).register(signedIn: signedIn)
    ConsoleWebhookController(webhooks: env.webhooks, view: view).register(signedIn: signedIn)
    ConsoleEventsController(events: env.events, now: settings.now).register(signedIn: hosts)
    app.get("assets", "console.css", use: stylesheet.serve)
    app.get("assets", "console.js", use: script.serve)
}
