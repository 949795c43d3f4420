import Foundation

/// What a kind of device looks like to openHAB (thing type, channels) and how it behaves physically.
struct DeviceTemplate: Sendable {
    enum Behaviour: Sendable {
        /// `temperature` moves toward `setpoint` while `power` is ON.
        case climate
        /// `lock` commands take the configured actuation time before the lock reports them.
        case lock
        /// `power` and `brightness` follow each other: a lamp is on while its brightness is above 0.
        case lamp
        /// `position` travels toward where it was sent, a tenth of the way per step, and reports each step.
        case shutter
        /// Commands take effect at once.
        case plain
    }

    let thingTypeUID: String
    let label: String
    let channels: [ChannelTemplate]
    let behaviour: Behaviour
    /// User-code slots `usercode_code_N` / `usercode_label_N`, N = 1…codeSlots, as the Z-Wave binding
    /// exposes a keypad lock's; 0 for devices without a keypad.
    var codeSlots = 0

    /// Every user-code slot empty.
    var emptyConfiguration: [String: String] {
        var configuration: [String: String] = [:]
        for slot in stride(from: 1, through: codeSlots, by: 1) {
            configuration["usercode_code_\(slot)"] = ""
            configuration["usercode_label_\(slot)"] = ""
        }
        return configuration
    }

    func channel(_ id: String) -> ChannelTemplate? {
        channels.first { $0.id == id }
    }
}

struct ChannelTemplate: Sendable {
    let id: String
    let itemType: HubItemType
    let label: String
    /// A sensor: commands to it are ignored, as a binding would.
    let readOnly: Bool
    let initial: Value
    let stateDescription: StateDescriptionDTO?

    var channelTypeUID: String { "sim:\(id)" }
}

extension SimulatorConfiguration.Device {
    var template: DeviceTemplate {
        switch self {
        case .thermostat:
            DeviceTemplate(
                thingTypeUID: "sim:thermostat", label: "Thermostat",
                channels: ChannelTemplate.climate(setpoint: 21, reading: 19, range: 5...30),
                behaviour: .climate
            )
        case .airConditioner:
            DeviceTemplate(
                thingTypeUID: "sim:airconditioner", label: "Air conditioner",
                channels: ChannelTemplate.climate(setpoint: 24, reading: 27, range: 16...30),
                behaviour: .climate
            )
        case .smartPlug:
            DeviceTemplate(
                thingTypeUID: "sim:smartplug", label: "Smart plug",
                channels: [.power, .temperatureReading(23)],
                behaviour: .plain
            )
        case .smartLock:
            DeviceTemplate(thingTypeUID: "sim:smartlock", label: "Smart lock", channels: [.lock, .door], behaviour: .lock)
        case .keypadLock:
            DeviceTemplate(
                thingTypeUID: "sim:keypadlock", label: "Keypad lock", channels: [.lock, .door, .alarmRaw], behaviour: .lock,
                codeSlots: 20)
        case .dimmableLamp:
            DeviceTemplate(thingTypeUID: "sim:dimmablelamp", label: "Dimmable lamp", channels: [.power, .brightness], behaviour: .lamp)
        case .rollerShutter:
            DeviceTemplate(thingTypeUID: "sim:rollershutter", label: "Roller shutter", channels: [.position], behaviour: .shutter)
        case .windowContact:
            DeviceTemplate(thingTypeUID: "sim:windowcontact", label: "Window contact", channels: [.contact], behaviour: .plain)
        case .roomSensor:
            DeviceTemplate(thingTypeUID: "sim:roomsensor", label: "Room sensor", channels: [.temperatureReading(21), .humidity], behaviour: .plain)
        }
    }
}

extension ChannelTemplate {
    static let lock = ChannelTemplate(
        id: "lock", itemType: .switch, label: "Locked", readOnly: false, initial: .onOff(on: true), stateDescription: nil)
    static let door = ChannelTemplate(
        id: "door", itemType: .contact, label: "Door", readOnly: true, initial: .openClosed(open: false),
        stateDescription: StateDescriptionDTO(readOnly: true))
    /// The lock's notifications as JSON text (keypad unlock with its slot, manual use, lock-out).
    static let alarmRaw = ChannelTemplate(
        id: "alarm_raw", itemType: .string, label: "Alarm (raw)", readOnly: true, initial: .undef,
        stateDescription: StateDescriptionDTO(readOnly: true))
    static let power = ChannelTemplate(
        id: "power", itemType: .switch, label: "Power", readOnly: false, initial: .onOff(on: false), stateDescription: nil)
    static let brightness = ChannelTemplate(
        id: "brightness", itemType: .dimmer, label: "Brightness", readOnly: false, initial: .percent(0),
        stateDescription: StateDescriptionDTO(minimum: 0, maximum: 100, step: 1, pattern: "%d %%", readOnly: false))
    /// 0 is open, 100 closed, as openHAB has a Rollershutter.
    static let position = ChannelTemplate(
        id: "position", itemType: .rollershutter, label: "Position", readOnly: false, initial: .percent(0),
        stateDescription: StateDescriptionDTO(minimum: 0, maximum: 100, step: 1, pattern: "%d %%", readOnly: false))
    static let contact = ChannelTemplate(
        id: "contact", itemType: .contact, label: "Window", readOnly: true, initial: .openClosed(open: false),
        stateDescription: StateDescriptionDTO(readOnly: true))
    static let humidity = ChannelTemplate(
        id: "humidity", itemType: .dimensionless, label: "Humidity", readOnly: true, initial: .quantity(45, .percent),
        stateDescription: StateDescriptionDTO(pattern: "%.0f %unit%", readOnly: true))

    static func temperatureReading(_ celsius: Decimal) -> ChannelTemplate {
        ChannelTemplate(
            id: "temperature", itemType: .temperature, label: "Current temperature", readOnly: true,
            initial: .quantity(celsius, .celsius),
            stateDescription: StateDescriptionDTO(pattern: "%.1f %unit%", readOnly: true)
        )
    }

    static func climate(setpoint: Decimal, reading: Decimal, range: ClosedRange<Decimal>) -> [ChannelTemplate] {
        [
            .power,
            ChannelTemplate(
                id: "setpoint", itemType: .temperature, label: "Target temperature", readOnly: false,
                initial: .quantity(setpoint, .celsius),
                stateDescription: StateDescriptionDTO(
                    minimum: range.lowerBound, maximum: range.upperBound, step: 0.5, pattern: "%.1f %unit%", readOnly: false)
            ),
            .temperatureReading(reading)
        ]
    }
}

extension HubItemType {
    static let `switch` = HubItemType("Switch")!
    static let contact = HubItemType("Contact")!
    static let string = HubItemType("String")!
    static let temperature = HubItemType("Number:Temperature")!
    static let dimmer = HubItemType("Dimmer")!
    static let rollershutter = HubItemType("Rollershutter")!
    static let dimensionless = HubItemType("Number:Dimensionless")!
}

extension MeasurementUnit {
    static let celsius = MeasurementUnit.named("°C")!
    static let percent = MeasurementUnit.named("%")!
}
