import Foundation
import SmartCouchDomain
import SmartCouchHTTP
import SmartCouchPersistence
import SmartCouchServices

/// What the demo prints once it is set up: who to log in as, and a first tour with curl.
struct DemoInstructions {
    let base: URL
    let hub: URL
    let home: DemoHome
    let schedule: Schedule

    var text: String {
        let url = base.absoluteString
        func login(_ person: DemoHome.Person) -> String {
            """
            curl -s -X POST \(url)/auth/login -H 'Content-Type: application/json' \\
                   -d '{"email":"\(person.email)","password":"\(person.password)"}' \\
                   | sed -E 's/.*"accessToken":"([^"]+)".*/\\1/'
            """
        }
        return """

            SmartCouch demo is running at \(url) (simulated openHAB hub and weather at \(hub.absoluteString)).

              host (and operator)  \(DemoHome.host.email)   password \(DemoHome.host.password)
              guest                \(DemoHome.guest.email)  password \(DemoHome.guest.password)

            The host's console, in a browser: \(url)/console (sign in as the host above).

            The guest's stay in the Danube view loft (Budapest) is in progress, so the guest may use its devices.
            The weather job runs \(schedule) (UTC) and switches the heater and the air conditioner: heating on
            below 16 °C outdoors and off above 18, cooling on above 26 and off below 24.

            # log in as the guest
            TOKEN=$(\(login(DemoHome.guest)))
            # the couch's devices and their states
            curl -s \(url)/home/items/\(home.couchId) -H "Authorization: Bearer $TOKEN"
            # unlock the front door (a fresh login counts as the recent one unlocking needs)
            curl -s -X POST \(url)/home/switch/\(home.lockItemId) -H "Authorization: Bearer $TOKEN"
            # the scenes the guest may run, and "Welcome": heating, the lamp and the blinds at once, each action's outcome
            curl -s \(url)/couches/\(home.couchId)/scenes -H "Authorization: Bearer $TOKEN"
            curl -s -X POST \(url)/scenes/\(home.welcomeSceneId)/run -H "Authorization: Bearer $TOKEN"
            # the access log: the guest sees their own entries
            curl -s \(url)/home/log/\(home.couchId) -H "Authorization: Bearer $TOKEN"

            The front door is a keypad lock. The guest's code is \(home.guestCode), on the lock for their stay only:
            curl -s \(url)/reservations/\(home.reservationId)/access -H "Authorization: Bearer $TOKEN"
            The guest's page, the link a host sends a guest without the app (open it in a browser):
              \(home.stayLink)
            # type the code on the simulated keypad; the log then says whose stay opened the door, and the stay is checked in
            curl -s -X POST \(hub.absoluteString)/_sim/things/\(DemoHome.keypad)/keypad -H 'Content-Type: application/json' -d '{"code":"\(home.guestCode)"}'

            # as the host: the weather watcher's thresholds; run the weather job now and see what it did
            HOST_TOKEN=$(\(login(DemoHome.host)))
            curl -s \(url)/home/watchers/\(home.couchId) -H "Authorization: Bearer $HOST_TOKEN"
            curl -s -X POST \(url)/jobs/weather/run -H "Authorization: Bearer $HOST_TOKEN"
            curl -s \(url)/home/log/\(home.couchId) -H "Authorization: Bearer $HOST_TOKEN"
            # presence simulation: the lamp's plan for tonight, followed once the couch stands empty
            curl -s \(url)/couches/\(home.couchId)/presence -H "Authorization: Bearer $HOST_TOKEN"
            # every door code of the couch, and its state on the lock
            curl -s \(url)/couches/\(home.couchId)/codes -H "Authorization: Bearer $HOST_TOKEN"
            # every stay of the couch: the one booked here and those imported from its Airbnb calendar
            curl -s \(url)/reservations/\(home.couchId) -H "Authorization: Bearer $HOST_TOKEN"
            curl -s \(url)/couches/\(home.couchId)/calendars -H "Authorization: Bearer $HOST_TOKEN"
            # what Booking.com should import: every occupied night, Airbnb's own stays left out
            curl -s '\(url)/couches/\(home.couchId)/calendar.ics?exclude=\(home.airbnbFeedId)'

            The contract: \(url)/openapi.yaml. Ctrl-C stops the server, the hub and the database.

            """
    }
}
