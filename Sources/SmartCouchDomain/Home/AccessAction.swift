/// What the access log records someone doing, or trying to do, in a couch's home. The raw values
/// are what the log stores and shows.
package enum AccessAction: String, Sendable {
    case `switch` = "switch"
    case set
    case readDevice = "read device"
    case readDevices = "read devices"
    case createDevice = "create device"
    case deleteDevice = "delete device"
    case listChannels = "list channels"
    case grantAccess = "grant access"
    case revokeAccess = "revoke access"
    case listGrants = "list grants"
    case readWatchers = "read watchers"
    case setWatcher = "set watcher"
    case setCode = "set code"
    case clearCode = "clear code"
    case repairCode = "repair code"
    case unlockWithCode = "unlock with code"
    /// A stay's code opened the door before its window or after it: it was still on the lock.
    case unlockOutsideWindow = "unlock with code outside its window"
    case unlockByHand = "unlock by hand"
    case lockByHand = "lock by hand"
    case lockAtKeypad = "lock at keypad"
    case keypadDisabled = "keypad disabled"
    case checkOut = "check out"
    case readScenes = "read scenes"
    case changeScene = "change scene"
    case runScene = "run scene"
}
