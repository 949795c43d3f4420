import Foundation

/// Everything a simulated hub starts with: its things, items, links, tokens, timings and weather.
/// Missing JSON keys take the defaults below.
public struct SimulatorConfiguration: Codable, Sendable {
    /// API tokens and the role each carries. Tokens start with `oh.`, as openHAB's do.
    public var tokens: [String: Role]
    /// Whether requests without credentials act as `user` (openHAB's default) or are refused.
    public var implicitUserRole: Bool
    public var things: [Thing]
    public var items: [Item]
    public var links: [Link]
    public var timing: Timing
    public var weather: Weather
    /// The hub's time zone, reported by `GET /rest/` and used for DateTime states.
    public var timezone: String
    /// The openHAB version the hub plays, `major.minor.patch` from 3.0.0 on: `GET /rest/` reports it, and
    /// what that version did not have yet is left out (before 4.0, `stateupdated` events; see `HubVersion`).
    public var version: String

    public init(
        tokens: [String: Role] = ["oh.simulator.admin": .administrator],
        implicitUserRole: Bool = true,
        things: [Thing] = Thing.demo,
        items: [Item] = [],
        links: [Link] = [],
        timing: Timing = Timing(),
        weather: Weather = Weather(),
        timezone: String = "Europe/Berlin",
        version: String = "5.1.0"
    ) {
        self.tokens = tokens
        self.implicitUserRole = implicitUserRole
        self.things = things
        self.items = items
        self.links = links
        self.timing = timing
        self.weather = weather
        self.timezone = timezone
        self.version = version
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SimulatorConfiguration()
        tokens = try container.decodeIfPresent([String: Role].self, forKey: .tokens) ?? defaults.tokens
        implicitUserRole = try container.decodeIfPresent(Bool.self, forKey: .implicitUserRole) ?? defaults.implicitUserRole
        things = try container.decodeIfPresent([Thing].self, forKey: .things) ?? defaults.things
        items = try container.decodeIfPresent([Item].self, forKey: .items) ?? []
        links = try container.decodeIfPresent([Link].self, forKey: .links) ?? []
        timing = try container.decodeIfPresent(Timing.self, forKey: .timing) ?? defaults.timing
        weather = try container.decodeIfPresent(Weather.self, forKey: .weather) ?? defaults.weather
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone) ?? defaults.timezone
        version = try container.decodeIfPresent(String.self, forKey: .version) ?? defaults.version
    }

    public enum Role: String, Codable, Sendable {
        case administrator
        case user
    }

    /// The kinds of device the simulator can play; see `DeviceTemplate` for their channels.
    public enum Device: String, Codable, Sendable, CaseIterable {
        case thermostat
        case airConditioner
        case smartPlug
        case smartLock
        /// A lock with a keypad: user-code slots in its configuration, keypad and manual use on `alarm_raw`.
        case keypadLock
        /// A lamp with a power switch and a brightness dimmer, each following the other.
        case dimmableLamp
        /// A roller shutter whose position travels toward where it was sent.
        case rollerShutter
        /// A window's open/closed contact.
        case windowContact
        /// A room's temperature and humidity.
        case roomSensor
    }

    public struct Thing: Codable, Sendable {
        public var uid: String
        public var device: Device
        public var label: String?
        public var location: String?
        /// `ONLINE`, `OFFLINE`, … as openHAB names thing statuses.
        public var status: String
        /// Initial channel states by channel id, written as openHAB writes states (`ON`, `21.5 °C`, `CLOSED`).
        public var channels: [String: String]

        public init(
            uid: String, device: Device, label: String? = nil, location: String? = nil, status: String = "ONLINE", channels: [String: String] = [:]
        ) {
            self.uid = uid
            self.device = device
            self.label = label
            self.location = location
            self.status = status
            self.channels = channels
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            uid = try container.decode(String.self, forKey: .uid)
            device = try container.decode(Device.self, forKey: .device)
            label = try container.decodeIfPresent(String.self, forKey: .label)
            location = try container.decodeIfPresent(String.self, forKey: .location)
            status = try container.decodeIfPresent(String.self, forKey: .status) ?? "ONLINE"
            channels = try container.decodeIfPresent([String: String].self, forKey: .channels) ?? [:]
        }

        /// One device of each kind, as a vacation rental might have them.
        public static let demo: [Thing] = [
            Thing(uid: "sim:thermostat:living", device: .thermostat, label: "Living room heater", location: "Living room"),
            Thing(uid: "sim:airconditioner:bedroom", device: .airConditioner, label: "Bedroom air conditioner", location: "Bedroom"),
            Thing(uid: "sim:smartplug:kitchen", device: .smartPlug, label: "Kitchen smart plug", location: "Kitchen"),
            Thing(uid: "sim:smartlock:front", device: .smartLock, label: "Front door lock", location: "Entrance"),
            Thing(uid: "sim:keypadlock:entrance", device: .keypadLock, label: "Entrance keypad lock", location: "Entrance"),
            Thing(uid: "sim:keypadlock:garden", device: .keypadLock, label: "Garden gate keypad lock", location: "Garden")
        ]

        /// Lights, shading and sensors, one of each kind; not in `demo`, whose things many setups count on.
        public static let comfort: [Thing] = [
            Thing(uid: "sim:dimmablelamp:living", device: .dimmableLamp, label: "Living room lamp", location: "Living room"),
            Thing(uid: "sim:rollershutter:bedroom", device: .rollerShutter, label: "Bedroom roller shutter", location: "Bedroom"),
            Thing(uid: "sim:windowcontact:bedroom", device: .windowContact, label: "Bedroom window", location: "Bedroom"),
            Thing(uid: "sim:roomsensor:bathroom", device: .roomSensor, label: "Bathroom climate sensor", location: "Bathroom")
        ]
    }

    /// An item that exists from the start, in the shape `PUT /rest/items/{name}` takes, plus its state.
    public struct Item: Codable, Sendable {
        public struct GroupFunction: Codable, Sendable, Equatable {
            public var name: String
            public var params: [String]?
        }

        public var name: String
        public var type: String
        public var label: String?
        public var category: String?
        public var tags: [String]?
        public var groupNames: [String]?
        public var groupType: String?
        public var function: GroupFunction?
        public var state: String?
        /// `false` plays an item defined in a file, which REST may not change. Ignored in `PUT` bodies.
        public var editable: Bool?

        public init(
            name: String,
            type: String,
            label: String? = nil,
            tags: [String]? = nil,
            groupNames: [String]? = nil,
            groupType: String? = nil,
            state: String? = nil,
            editable: Bool? = nil
        ) {
            self.name = name
            self.type = type
            self.label = label
            self.tags = tags
            self.groupNames = groupNames
            self.groupType = groupType
            self.state = state
            self.editable = editable
        }
    }

    public struct Link: Codable, Sendable {
        public var itemName: String
        public var channelUID: String

        public init(itemName: String, channelUID: String) {
            self.itemName = itemName
            self.channelUID = channelUID
        }
    }

    /// How fast the simulated world moves. Keep these small in tests; the defaults suit a demo.
    public struct Timing: Codable, Sendable {
        /// How long a lock takes to report the commanded state.
        public var lockActuation: Duration
        /// How often a thermostat's reading moves toward its setpoint …
        public var thermostatTick: Duration
        /// … and by how many °C each time.
        public var thermostatStep: Double
        /// How often `/rest/events` sends `alive` (openHAB: 10 s).
        public var aliveInterval: Duration
        /// How long a roller shutter takes from open to closed; it moves a tenth of that way at a time.
        public var shutterTravel: Duration

        public init(
            lockActuation: Duration = .milliseconds(1500),
            thermostatTick: Duration = .seconds(1),
            thermostatStep: Double = 0.1,
            aliveInterval: Duration = .seconds(10),
            shutterTravel: Duration = .seconds(2)
        ) {
            self.lockActuation = lockActuation
            self.thermostatTick = thermostatTick
            self.thermostatStep = thermostatStep
            self.aliveInterval = aliveInterval
            self.shutterTravel = shutterTravel
        }

        /// Each step of a roller shutter's travel; never none, which would spin the shutters' clock.
        var shutterTick: Duration { max(shutterTravel / 10, .milliseconds(1)) }

        private enum CodingKeys: String, CodingKey {
            case lockActuationMs, thermostatTickMs, thermostatStepCelsius, aliveIntervalMs, shutterTravelMs
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let defaults = Timing()
            func duration(_ key: CodingKeys, _ fallback: Duration) throws -> Duration {
                try container.decodeIfPresent(Int.self, forKey: key).map { .milliseconds($0) } ?? fallback
            }
            lockActuation = try duration(.lockActuationMs, defaults.lockActuation)
            thermostatTick = try duration(.thermostatTickMs, defaults.thermostatTick)
            aliveInterval = try duration(.aliveIntervalMs, defaults.aliveInterval)
            shutterTravel = try duration(.shutterTravelMs, defaults.shutterTravel)
            thermostatStep = try container.decodeIfPresent(Double.self, forKey: .thermostatStepCelsius) ?? defaults.thermostatStep
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lockActuation.milliseconds, forKey: .lockActuationMs)
            try container.encode(thermostatTick.milliseconds, forKey: .thermostatTickMs)
            try container.encode(aliveInterval.milliseconds, forKey: .aliveIntervalMs)
            try container.encode(shutterTravel.milliseconds, forKey: .shutterTravelMs)
            try container.encode(thermostatStep, forKey: .thermostatStepCelsius)
        }
    }

    public struct Weather: Codable, Sendable {
        /// OpenWeatherMap keys the simulator accepts; empty accepts any non-empty key.
        public var apiKeys: [String]
        /// Settings per city name (case-insensitive), as `PUT /_sim/weather/{city}` takes them.
        public var cities: [String: CityWeather]

        public init(apiKeys: [String] = [], cities: [String: CityWeather] = [:]) {
            self.apiKeys = apiKeys
            self.cities = cities
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            apiKeys = try container.decodeIfPresent([String].self, forKey: .apiKeys) ?? []
            cities = try container.decodeIfPresent([String: CityWeather].self, forKey: .cities) ?? [:]
        }
    }

    /// One city's weather. Unset fields keep the city's made-up but stable defaults.
    public struct CityWeather: Codable, Sendable, Equatable {
        public var temperature: Double?
        public var latitude: Double?
        public var longitude: Double?
        public var country: String?
        /// How old the reading claims to be, for testing stale readings.
        public var ageSeconds: Int?
        /// `false` makes the providers answer "city not found".
        public var exists: Bool?

        public init(
            temperature: Double? = nil, latitude: Double? = nil, longitude: Double? = nil, country: String? = nil, ageSeconds: Int? = nil,
            exists: Bool? = nil
        ) {
            self.temperature = temperature
            self.latitude = latitude
            self.longitude = longitude
            self.country = country
            self.ageSeconds = ageSeconds
            self.exists = exists
        }
    }
}

extension Duration {
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
