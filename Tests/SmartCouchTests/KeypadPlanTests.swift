import Foundation
import Testing
@testable import SmartCouchDomain

/// What one pass writes to a keypad lock, decided from what the lock holds.
@Suite struct KeypadPlanTests {
    let slots = CodeSlots(first: 5, last: 6)

    @Test func aCodeTakesTheLowestFreeSlotAndFailsWhenNoneIsLeft() {
        let (a, b, c) = (UUID(), UUID(), UUID())
        let plan = KeypadPlan(slots: slots, entries: [
            .init(id: a, slot: 6, code: "482913", intent: .hold),
            .init(id: b, slot: nil, code: "731846", intent: .place),
            .init(id: c, slot: nil, code: "905172", intent: .place),
        ], lock: [6: "482913"], wasActive: [])
        #expect(plan.assigned == [b: 5])
        #expect(plan.unplaceable == [c])
        #expect(plan.writes == [5: "731846"])
    }

    @Test func endedCodesAndStrangersAreEmptiedAndTheHostsSlotsAreLeftAlone() {
        let (ended, kept) = (UUID(), UUID())
        let plan = KeypadPlan(slots: slots, entries: [
            .init(id: ended, slot: 5, code: "482913", intent: .remove),
            .init(id: kept, slot: 6, code: "731846", intent: .place),
        ], lock: [1: "4711", 5: "482913", 6: "999999"], wasActive: [kept])
        #expect(plan.writes == [5: "", 6: "731846"])
        #expect(plan.repaired == [kept])
        #expect(plan.strays.isEmpty)

        let gone = KeypadPlan(slots: nil, entries: [.init(id: kept, slot: 6, code: "731846", intent: .place)], lock: [6: "731846"], wasActive: [kept])
        #expect(gone.writes.isEmpty, "a lock whose device is gone is only cleared")
    }

    @Test(arguments: ["1234", "0000", "9876", "7890", "1212", "4545", "123456", "12a4"])
    func trivialCodesAreNeverDrawn(_ code: String) {
        #expect(DoorCode.isTrivial(code))
    }

    @Test func drawnCodesHaveTheirLengthAndAreNotTrivial() {
        for length in 4...8 {
            let code = DoorCode.random(length: length)
            #expect(code.count == length && code.allSatisfy(\.isNumber) && !DoorCode.isTrivial(code))
        }
        #expect(!DoorCode.isTrivial("482913"))
    }
}
