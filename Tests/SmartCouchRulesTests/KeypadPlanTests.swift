import Foundation
import Testing

@testable import SmartCouchDomain

/// What one pass writes to a keypad lock, decided afresh from which codes are due and what the lock holds.
@Suite struct KeypadPlanTests {
    let slots = CodeSlots(first: 5, last: 6)

    @Test func aDueCodeTakesAFreeSlotAndFailsOnlyWhenDueCodesFillThemAll() {
        let (a, b, c) = (UUID(), UUID(), UUID())
        let plan = KeypadPlan(
            slots: slots,
            entries: [
                .init(id: a, slot: 6, code: "482913", due: true),
                .init(id: b, slot: nil, code: "731846", due: true),
                .init(id: c, slot: nil, code: "905172", due: true)
            ], lock: [6: "482913"], wasActive: [])
        #expect(plan.placed == [a: 6, b: 5])
        #expect(plan.unplaceable == [c])
        #expect(plan.writes == [5: "731846"])
    }

    @Test func aSlotFreedInThisPassTakesADueCodeInTheSamePass() {
        let (ended, moved, waiting) = (UUID(), UUID(), UUID())
        let plan = KeypadPlan(
            slots: slots,
            entries: [
                .init(id: ended, slot: 5, code: "482913", due: false),
                .init(id: moved, slot: 6, code: "731846", due: false),
                .init(id: waiting, slot: nil, code: "905172", due: true)
            ], lock: [5: "482913", 6: "731846"], wasActive: [ended, moved])
        #expect(plan.placed == [waiting: 5])
        #expect(plan.writes == [5: "905172", 6: ""])
        #expect(plan.strays.isEmpty)
    }

    @Test func aWriteTheHubTookWithoutSayingSoIsFoundWhereItLanded() {
        let code = UUID()
        let plan = KeypadPlan(slots: slots, entries: [.init(id: code, slot: nil, code: "731846", due: true)], lock: [6: "731846"], wasActive: [])
        #expect(plan.placed == [code: 6] && plan.writes.isEmpty)
    }

    @Test func strangersAreEmptiedChangedSlotsRepairedAndTheHostsSlotsLeftAlone() {
        let kept = UUID()
        let plan = KeypadPlan(
            slots: slots, entries: [.init(id: kept, slot: 6, code: "731846", due: true)],
            lock: [1: "4711", 5: "482913", 6: "999999"], wasActive: [kept])
        #expect(plan.writes == [5: "", 6: "731846"])
        #expect(plan.repaired == [kept])
        #expect(plan.strays == [5])
    }

    @Test func aLockWhoseDeviceIsGoneLosesOnlyTheCodesStillOnIt() {
        let (on, replaced) = (UUID(), UUID())
        let plan = KeypadPlan(
            slots: nil,
            entries: [
                .init(id: on, slot: 5, code: "731846", due: false),
                .init(id: replaced, slot: 6, code: "482913", due: false)
            ], lock: [5: "731846", 6: "1111", 7: "2222"], wasActive: [on, replaced])
        #expect(plan.writes == [5: ""])
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
