import Foundation
import HTTPTransport
import Logging
import ServiceLifecycle
import SmartCouchDomain
import SmartCouchPersistence
import SmartCouchServices

/// Every service the server offers, built once from its settings: what the HTTP layer is handed to
/// answer requests with, and the long-running work it runs beside them.
package struct ServerEnvironment: Sendable {
    package let settings: Settings
    package let readiness: ReadinessService
    package let auth: AuthService
    package let users: UserService
    package let couches: CouchService
    package let images: ImageService
    package let search: CouchSearchService
    package let reservations: ReservationService
    package let bookingTerms: BookingTermsService
    package let availability: AvailabilityService
    package let blocks: BlockService
    package let ratings: RatingService
    package let conversations: ConversationService
    package let calendarFeeds: CalendarFeedService
    package let access: HomeAccess
    package let hubs: HubService
    package let thingAssignments: ThingAssignmentService
    package let devices: DeviceService
    package let provisioning: DeviceProvisioning
    package let commands: DeviceCommands
    package let grants: GrantService
    package let watchers: WeatherWatcherService
    package let energy: EnergyService
    package let guides: CouchGuideService
    package let doorCodes: DoorCodeService
    package let stayAccess: StayAccessService
    package let scenes: SceneService
    package let triggers: TriggerService
    package let presence: PresenceService
    package let jobs: JobService
    package let metrics: MetricsService
    package let webhooks: WebhookService
    package let events: EventService
    /// Ends the event streams open on this server, so that they do not hold its drain.
    package let closeEventStreams: @Sendable () async -> Void
    /// Where the services' figures go; the HTTP layer adds its requests'.
    package let meters: Meters
    /// The database, the scheduler and the hubs' event streams, in the order they start; a
    /// service group stops them in reverse, the database last.
    package let services: [any Service]
    /// Whether an error is the database saying it could not do the work in time, or at all.
    package let databaseUnavailable: @Sendable (any Error) -> DatabaseUnavailable?
}
