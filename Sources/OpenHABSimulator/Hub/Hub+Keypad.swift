import Foundation

/// A keypad lock's user codes (`PUT /rest/things/{uid}/config`, as the Z-Wave binding takes them)
/// and what people do at the lock: type a code, turn the lock by hand, change a code on the keypad.
extension Hub {
    /// Wrong codes in a row before the keypad locks itself out.
    static let wrongCodesBeforeLockout = 5

    /// Changes only the named parameters, as openHAB's config update does.
    func updateConfiguration(of uid: String, with changes: [String: String]) throws(RESTFailure) -> ThingDTO {
        guard let index = things.firstIndex(where: { $0.uid == uid }) else { throw .thingNotFound(uid) }
        guard things[index].isOnline else {
            throw RESTFailure(status: 409, message: "Cannot update configuration of thing \(uid): its handler is not initialized.")
        }
        for (name, value) in changes {
            guard things[index].configuration[name] != nil else {
                throw RESTFailure(status: 400, message: "Parameter '\(name)' is not part of the configuration of thing \(uid).")
            }
            if name.hasPrefix("usercode_code_"), !value.isEmpty, !(4...8).contains(value.count) || !value.allSatisfy({ $0.isASCII && $0.isNumber }) {
                throw RESTFailure(status: 400, message: "Parameter '\(name)': a user code is 4 to 8 digits, or empty to clear the slot.")
            }
            if name.hasPrefix("usercode_label_"), value.count > 50 {
                throw RESTFailure(status: 400, message: "Parameter '\(name)': a label is at most 50 characters.")
            }
        }
        things[index].configuration.merge(changes) { $1 }
        return try thingDTO(uid)
    }

    /// Someone types `code` on the keypad: the slot holding it opens the lock; wrong codes open
    /// nothing, and enough of them lock the keypad out. Answers the slot that opened, if any.
    func typeCode(on uid: String, _ code: String) throws(RESTFailure) -> Int? {
        let index = try keypadLock(uid)
        let slot = stride(from: 1, through: things[index].template.codeSlots, by: 1).first { slot in
            !code.isEmpty && things[index].configuration["usercode_code_\(slot)"] == code
        }
        guard let slot else {
            things[index].wrongCodes += 1
            if things[index].wrongCodes >= Self.wrongCodesBeforeLockout {
                things[index].wrongCodes = 0
                notify(index, "ACCESS_CONTROL__KEYPAD_TEMPORARILY_DISABLED", event: 16, code: nil)
            }
            return nil
        }
        things[index].wrongCodes = 0
        setDeviceValue(.onOff(on: false), thing: index, channel: "lock")
        notify(index, "ACCESS_CONTROL__KEYPAD_UNLOCK", event: 6, code: slot)
        return slot
    }

    /// Someone turns the lock by hand from inside.
    func turnByHand(_ uid: String, locked: Bool) throws(RESTFailure) {
        let index = try keypadLock(uid)
        setDeviceValue(.onOff(on: locked), thing: index, channel: "lock")
        notify(index, locked ? "ACCESS_CONTROL__MANUAL_LOCK" : "ACCESS_CONTROL__MANUAL_UNLOCK", event: locked ? 1 : 2, code: nil)
    }

    /// Someone changes a slot on the lock itself, past the hub: the configuration shows it.
    func setSlotAtLock(_ uid: String, slot: Int, code: String) throws(RESTFailure) {
        let index = try keypadLock(uid)
        guard things[index].configuration["usercode_code_\(slot)"] != nil else {
            throw RESTFailure(status: 404, message: "\(uid) has no user-code slot \(slot)")
        }
        things[index].configuration["usercode_code_\(slot)"] = code
    }

    private func keypadLock(_ uid: String) throws(RESTFailure) -> Int {
        guard let index = things.firstIndex(where: { $0.uid == uid }) else { throw .thingNotFound(uid) }
        guard things[index].template.codeSlots > 0 else { throw RESTFailure(status: 400, message: "\(uid) has no keypad") }
        return index
    }

    /// The notification JSON the Z-Wave binding puts on `alarm_raw`.
    private func notify(_ index: Int, _ notification: String, event: Int, code: Int?) {
        var fields = ["notification": notification, "type": "ACCESS_CONTROL", "event": String(event), "level": "1", "status": "255"]
        if let code {
            fields["code"] = String(code)
            fields["parameter-1"] = String(code)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        setDeviceValue(.string(text), thing: index, channel: "alarm_raw")
    }
}
