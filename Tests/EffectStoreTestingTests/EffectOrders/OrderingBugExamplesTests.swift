import EffectStore
import EffectStoreTesting
import XCTest

/// Nine features written as a new user would, each with an ordering bug that its example-based `TestStore` test
/// passes: the explorer finds each, and prints a test that is pasted as printed beside the feature (Examples/) and
/// passes on the fixed feature (PastedTestsSwiftTestingTests shows each fails on the buggy one). One bug breaks an
/// invariant at rest, one an eventually-property, one lies past the default depth bound, one behind an effect the
/// explorer was not told to answer.
final class OrderingBugExamplesTests: XCTestCase {
    func test_aFeedThatLoadsAPageTwice() throws {
        let store = TestStore(initialState: Feed(), exhaustivity: .partial)
        store.send(.scrolledToBottom)
        store.complete(.work(.load(page: 1)), with: .loaded(page: 1))
        store.send(.scrolledToBottom)
        store.complete(.work(.load(page: 2)), with: .loaded(page: 2))
        XCTAssertEqual(store.state.pages, [1, 2])

        try expectFound(Feed.explorer(fixed: false), "each page is shown once", "e0 e1 a0.0 a1.0", in: "Feed")
        PastedFeedTest(explorer: Feed.explorer(fixed: true)).test_effectOrder_eachPageIsShownOnce()
        expectClean(Feed.explorer(fixed: true))
    }

    func test_aFavouriteWhoseFailedSaveRollsBackTheWrongValue_atRest() throws {
        let store = TestStore(initialState: FavouriteButton(), exhaustivity: .partial)
        store.send(.tapped)
        store.complete(.work(.save(true)), with: .saveFailed)
        XCTAssertFalse(store.state.isFavourite, "rolled back")

        try expectFound(
            FavouriteButton.explorer(fixed: false), "at rest, the heart shows what the server holds", "e0 e1 a0.1 a1.0",
            in: "FavouriteButton")
        PastedFavouriteButtonTest(explorer: FavouriteButton.explorer(fixed: true))
            .test_effectOrder_atRestTheHeartShowsWhatTheServerHolds()
        expectClean(FavouriteButton.explorer(fixed: true))
    }

    func test_aLogOutThatLeavesATokenRefreshRunning() throws {
        let store = TestStore(initialState: Session(), exhaustivity: .partial)
        store.send(.becameActive)
        store.complete(.work(.refreshToken), with: .refreshed(token: "t1"))
        store.send(.logOutTapped)
        XCTAssertFalse(store.state.isSignedIn)

        try expectFound(
            Session.explorer(fixed: false), "a logged-out user stays logged out", "e0 e1 a0.0", in: "Session")
        PastedSessionTest(explorer: Session.explorer(fixed: true)).test_effectOrder_aLoggedOutUserStaysLoggedOut()
        expectClean(Session.explorer(fixed: true))
    }

    func test_aSaveAnswerThatClearsTheDirtyFlagOverANewerEdit() throws {
        let store = TestStore(initialState: Editor(), exhaustivity: .partial)
        store.send(.edited("a"))
        store.send(.saveTapped)
        store.complete(.work(.save("a")), with: .saved("a"))
        store.send(.edited("ab"))
        XCTAssertTrue(store.state.isDirty)

        try expectFound(
            Editor.explorer(fixed: false), "a clean editor shows what was saved", "e0 e1 e2 a0.0", in: "Editor")
        PastedEditorTest(explorer: Editor.explorer(fixed: true)).test_effectOrder_aCleanEditorShowsWhatWasSaved()
        expectClean(Editor.explorer(fixed: true))
    }

    func test_aCountdownCancelledUnderTheNewPhoneNumber() throws {
        let store = TestStore(initialState: PhoneVerification(), exhaustivity: .partial)
        store.send(.sendCodeTapped)
        store.advance(by: .seconds(1))
        store.complete(.work(.tick), with: .ticked)
        store.advance(by: .seconds(1))
        store.complete(.work(.tick), with: .ticked)
        store.send(.phoneChanged("555-0199"))
        XCTAssertEqual(store.state.secondsLeft, 0)

        try expectFound(
            PhoneVerification.explorer(fixed: false), "the countdown never goes below zero", "e0 e1 t a0.0",
            in: "PhoneVerification")
        PastedPhoneVerificationTest(explorer: PhoneVerification.explorer(fixed: true))
            .test_effectOrder_theCountdownNeverGoesBelowZero()
        expectClean(PhoneVerification.explorer(fixed: true))
    }

    func test_aPriceAnswerThatDropsAValidatedCoupon() throws {
        let store = TestStore(initialState: CouponCheckout(), exhaustivity: .partial)
        store.send(.opened)
        store.complete(.work(.loadPrice), with: .priceLoaded(total: 100))
        store.send(.couponEntered("SAVE10"))
        store.complete(.work(.validate(coupon: "SAVE10")), with: .couponValidated("SAVE10", discount: 10))
        XCTAssertEqual(store.state.price, CouponCheckout.Price(total: 100, coupon: "SAVE10", discount: 10))

        try expectFound(
            CouponCheckout.explorer(fixed: false), "a price answer keeps the coupon", "e0 e1 a1.0 a0.0",
            in: "CouponCheckout")
        PastedCouponCheckoutTest(explorer: CouponCheckout.explorer(fixed: true))
            .test_effectOrder_aPriceAnswerKeepsTheCoupon()
        expectClean(CouponCheckout.explorer(fixed: true))
    }

    func test_aSpinnerThatNeverStops_eventually() throws {
        let store = TestStore(initialState: PullToRefresh(), exhaustivity: .partial)
        store.send(.pulled)
        store.send(.pulled)
        store.complete(.work(.load), with: .loaded(["news"]))
        XCTAssertFalse(store.state.isRefreshing)

        try expectFound(PullToRefresh.explorer(fixed: false), "the spinner stops", "e0 a0.0 e1 t", in: "PullToRefresh")
        PastedPullToRefreshTest(explorer: PullToRefresh.explorer(fixed: true)).test_effectOrder_theSpinnerStops()
        expectClean(PullToRefresh.explorer(fixed: true))
    }

    func test_aSelfTimerThatTakesASecondPhoto_pastTheDefaultDepthBound() throws {
        let store = TestStore(initialState: SelfTimer(), exhaustivity: .partial)
        store.send(.timerTapped)
        store.advance(by: .seconds(1))
        store.complete(.work(.tick), with: .ticked)
        store.send(.takeNowTapped)
        XCTAssertEqual(store.state.photos, 1)

        // Within the default bounds the exploration finds nothing, and fails for the schedules it cut.
        let cut = SelfTimer.explorer(fixed: false).exploreEffectOrders()
        XCTAssertNil(cut.failure?.message)
        XCTAssertEqual(Set(cut.cuts.keys), [.depth])
        let failures = TestFailureCollector()
        cut.assertNoFailure(reporter: failures.reporter)
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.contains("the depth bound cut 2 schedules before the end") ?? false)

        let deep = EffectOrderBounds(depth: 22)
        try expectFound(
            SelfTimer.explorer(fixed: false), "one photo per timer",
            "e0 e1 " + Array(repeating: "t", count: 10).enumerated().map { "t a\($0.offset).0" }.joined(separator: " "),
            in: "SelfTimer", bounds: deep)
        PastedSelfTimerTest(explorer: SelfTimer.explorer(fixed: true)).test_effectOrder_onePhotoPerTimer()
        expectClean(SelfTimer.explorer(fixed: true), deep)
    }

    func test_anOnboardingReopenedByAnAnswerTheExplorerWasNotToldToGive() throws {
        let store = TestStore(initialState: Onboarding(), exhaustivity: .partial)
        store.send(.continueTapped)
        store.complete(.work(.requestNotificationPermission), with: .permissionAnswered(allowed: true))
        store.send(.skipTapped)
        XCTAssertEqual(store.state.page, .done)

        // Forgotten, the permission request is a failure that names it; there is no test to paste for it.
        let forgotten = try XCTUnwrap(Onboarding.explorer(fixed: false, answeringPermission: false)
            .exploreEffectOrders().failure)
        XCTAssertEqual(forgotten.check, "every effect has an answer")
        XCTAssertTrue(forgotten.reason.hasPrefix(".work(.requestNotificationPermission) was performed"))
        XCTAssertEqual(forgotten.regressionTest, "")
        XCTAssertTrue(
            forgotten.message.hasSuffix("Replay it with `explorer.replay(Schedule(\"e0\")!)`."), forgotten.message)

        try expectFound(
            Onboarding.explorer(fixed: false), "a skipped onboarding stays done", "e0 e1 a0.0", in: "Onboarding")
        PastedOnboardingTest(explorer: Onboarding.explorer(fixed: true)).test_effectOrder_aSkippedOnboardingStaysDone()
        expectClean(Onboarding.explorer(fixed: true))
    }

    // MARK: - Helpers

    /// The explorer finds the failure of `check` in `schedule`, and prints the test pasted in Examples/`name`.swift.
    func expectFound<S>(
        _ explorer: StateExplorer<S>, _ check: String, _ schedule: String, in name: String,
        bounds: EffectOrderBounds = EffectOrderBounds(), line: UInt = #line
    ) throws {
        let failure = try XCTUnwrap(explorer.exploreEffectOrders(bounds: bounds).failure, line: line)
        XCTAssertEqual(failure.check, check, line: line)
        XCTAssertEqual(failure.schedule.description, schedule, failure.message, line: line)
        assertPrinted(failure.regressionTest, pastedIn: "Examples/\(name).swift", line: line)
    }

    /// The fixed feature explores clean, with nothing cut.
    func expectClean<S>(
        _ explorer: StateExplorer<S>, _ bounds: EffectOrderBounds = EffectOrderBounds(), line: UInt = #line
    ) {
        let failures = TestFailureCollector()
        explorer.exploreEffectOrders(bounds: bounds).assertNoFailure(reporter: failures.reporter)
        XCTAssertEqual(failures.messages, [], line: line)
    }
}
