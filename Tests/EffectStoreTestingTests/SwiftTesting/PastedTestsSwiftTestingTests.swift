import EffectStore
import EffectStoreTesting
import Testing

/// The tests the explorer printed, pasted as printed (PastedTests.swift), run with the buggy features: each records
/// the failure it was printed for, through the default reporter, under Swift Testing. (With the fixed features, each
/// records none: EffectOrderExplorerTests.)
@Suite("Pasted effect-order tests fail on the buggy features, in Swift Testing", .capturingIssues)
struct PastedTestsSwiftTestingTests {
    /// Expects `body` to record at least one issue, each naming `check`.
    func expectFailure(of check: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void) {
        let issues = recordedIssues(body)
        #expect(!issues.isEmpty, "the pasted test passed on the buggy feature", sourceLocation: sourceLocation)
        for issue in issues {
            #expect(
                issue.comments.contains { $0.rawValue.contains("breaks \"\(check)\"") }, "\(issue)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func theOrderingBugFeatures() {
        expectFailure(of: "the results shown are for the query") {
            PastedStaleSearchTest(explorer: StaleSearch.explorer(fixed: false))
                .test_effectOrder_theResultsShownAreForTheQuery()
        }
        expectFailure(of: "one order per checkout") {
            PastedDoubleSubmitTest(explorer: DoubleSubmit.explorer(fixed: false)).test_effectOrder_oneOrderPerCheckout()
        }
        expectFailure(of: "no banner on a dismissed sheet") {
            PastedSaveAfterDismissTest(explorer: SaveAfterDismiss.explorer(fixed: false))
                .test_effectOrder_noBannerOnADismissedSheet()
        }
        expectFailure(of: "a stopped timer does not count") {
            PastedRearmedTimerTest(explorer: RearmedTimer.explorer(fixed: false))
                .test_effectOrder_aStoppedTimerDoesNotCount()
        }
    }

    @Test func theExampleFeatures() {
        expectFailure(of: "each page is shown once") {
            PastedFeedTest(explorer: Feed.explorer(fixed: false)).test_effectOrder_eachPageIsShownOnce()
        }
        expectFailure(of: "at rest, the heart shows what the server holds") {
            PastedFavouriteButtonTest(explorer: FavouriteButton.explorer(fixed: false))
                .test_effectOrder_atRestTheHeartShowsWhatTheServerHolds()
        }
        expectFailure(of: "a logged-out user stays logged out") {
            PastedSessionTest(explorer: Session.explorer(fixed: false)).test_effectOrder_aLoggedOutUserStaysLoggedOut()
        }
        expectFailure(of: "a clean editor shows what was saved") {
            PastedEditorTest(explorer: Editor.explorer(fixed: false)).test_effectOrder_aCleanEditorShowsWhatWasSaved()
        }
        expectFailure(of: "the countdown never goes below zero") {
            PastedPhoneVerificationTest(explorer: PhoneVerification.explorer(fixed: false))
                .test_effectOrder_theCountdownNeverGoesBelowZero()
        }
        expectFailure(of: "a price answer keeps the coupon") {
            PastedCouponCheckoutTest(explorer: CouponCheckout.explorer(fixed: false))
                .test_effectOrder_aPriceAnswerKeepsTheCoupon()
        }
        expectFailure(of: "the spinner stops") {
            PastedPullToRefreshTest(explorer: PullToRefresh.explorer(fixed: false)).test_effectOrder_theSpinnerStops()
        }
        expectFailure(of: "one photo per timer") {
            PastedSelfTimerTest(explorer: SelfTimer.explorer(fixed: false)).test_effectOrder_onePhotoPerTimer()
        }
        expectFailure(of: "a skipped onboarding stays done") {
            PastedOnboardingTest(explorer: Onboarding.explorer(fixed: false))
                .test_effectOrder_aSkippedOnboardingStaysDone()
        }
    }

    @Test func aWrongOrder_isRecordedAtTheCall() {
        let issues = recordedIssues {
            StaleSearch.explorer(fixed: false).assertEffectOrder([
                .send(.typed("a")), .send(.typed("ab")),
                .answer(.work(.search("a")), with: .answered(query: "a", results: [])),
            ])
        }
        #expect(issues.count == 1)
        #expect(issues.first?.sourceLocation?.line == #line - 6)
        #expect(issues.first?.comments.first?.rawValue.contains("at step 3 of 3") == true)
    }
}
