import EffectStore
import EffectStoreTesting
import XCTest

/// Copies of one value held in several places are in step after every transition (`SharedValues`): data in, data out
/// through `transition(on:)`, which a store, a TestStore, a replay and an explorer run; and a real store.
final class SharedValuesTests: XCTestCase {
    private let one = Book(id: 1, title: "One")
    private let two = Book(id: 2, title: "Two")

    /// A shelf of books one and two, with book one's detail open.
    private func shelfWithDetail() -> BookShelf {
        var shelf = BookShelf(books: [one, two])
        _ = shelf.transition(on: .open(1))
        return shelf
    }

    // MARK: - A change is written into every other copy

    func test_aDetailsEdit_reachesTheShelf_andEveryOtherScreenWithTheBook() {
        var shelf = shelfWithDetail()
        _ = shelf.transition(on: .open(2))
        _ = shelf.transition(on: .open(1))  // book one twice on the stack
        let top = shelf.path.topID!

        XCTAssertNil(shelf.transition(on: .path(.element(id: top, .detail(.rename("Uno"))))))

        XCTAssertEqual(shelf.books[id: 1]?.title, "Uno")
        XCTAssertEqual(shelf.detailBooks.map(\.title), ["Uno", "Two", "Uno"])
        XCTAssertEqual(shelf.books[id: 2], two, "another key is left alone")
    }

    func test_anEditOnTheShelf_reachesTheScreens_theChosenBook() {
        var shelf = shelfWithDetail()
        _ = shelf.transition(on: .choose(1))

        _ = shelf.transition(on: .renameOnShelf(1, "Uno"))

        XCTAssertEqual(shelf.detailBooks, [Book(id: 1, title: "Uno")])
        XCTAssertEqual(shelf.chosen, Book(id: 1, title: "Uno"))
        XCTAssertEqual(
            shelf.path[id: shelf.path.topID!, case: BookShelf.Screen.detail]?.renames, 0, "only the book is written")
    }

    func test_anOptionalsEdit_reachesTheShelf() {
        var shelf = shelfWithDetail()
        _ = shelf.transition(on: .choose(2))

        _ = shelf.transition(on: .renameChosen("Dos"))

        XCTAssertEqual(shelf.books[id: 2]?.title, "Dos")
    }

    func test_aPresentedChildsEdit_reachesTheShelf_andTheShelfsEditReachesIt() {
        var shelf = BookShelf(books: [one, two])
        _ = shelf.transition(on: .present(2))

        _ = shelf.transition(on: .sheet(.presented(.rename("Dos"))))
        XCTAssertEqual(shelf.books[id: 2]?.title, "Dos")

        _ = shelf.transition(on: .renameOnShelf(2, "Deux"))
        XCTAssertEqual(shelf.sheet?.book.title, "Deux")

        _ = shelf.transition(on: .sheet(.dismiss))
        XCTAssertEqual(shelf.books.ids, [1, 2], "a dismissed child deletes nothing")
    }

    func test_aWholeValue_isSharedByKey() {
        var shelf = BookShelf()

        _ = shelf.transition(on: .setTheme("dark"))

        XCTAssertEqual(shelf.theme, "dark")
        XCTAssertEqual(shelf.settings.theme, "dark")
    }

    func test_aSingleElement_heldByItsID_followsTheShelf() {
        var shelf = BookShelf(books: [Book(id: 0, title: "Featured"), one])

        _ = shelf.transition(on: .renameOnShelf(0, "Now featured"))

        XCTAssertEqual(shelf.featured.title, "Now featured")
    }

    func test_aCollectionMadeAnew_asALoadMakesIt_reachesTheOpenScreens() {
        var shelf = shelfWithDetail()

        _ = shelf.transition(on: .replaceBooks([Book(id: 1, title: "Loaded"), two]))

        XCTAssertEqual(shelf.detailBooks, [Book(id: 1, title: "Loaded")])
    }

    // MARK: - A place that starts holding a key takes its value

    func test_aScreenPushedWithAnOlderCopy_takesTheShelfsValue() {
        var shelf = BookShelf(books: [one, two])

        _ = shelf.transition(on: .openCopy(Book(id: 1, title: "Stale")))

        XCTAssertEqual(shelf.detailBooks, [one])
        XCTAssertEqual(shelf.books[id: 1], one)
    }

    func test_aBookAddedToTheShelf_takesTheValueAScreenHolds() {
        var shelf = BookShelf(books: [one, two])
        _ = shelf.transition(on: .open(1))
        _ = shelf.transition(on: .remove(1))  // the screen keeps its copy: nothing else holds book one now

        _ = shelf.transition(on: .add(Book(id: 1, title: "Back")))

        XCTAssertEqual(shelf.books[id: 1], one, "the copy the screen held is the book's value")
    }

    func test_aNewKey_heldOnlyByTheNewPlace_isLeftAsItIs() {
        var shelf = BookShelf(books: [one])

        _ = shelf.transition(on: .add(Book(id: 3, title: "Three")))

        XCTAssertEqual(shelf.books.ids, [1, 3])
        XCTAssertEqual(shelf.books[id: 3]?.title, "Three")
    }

    func test_anEditOfOneOfTwoScreensWithABookNoShelfHolds_reachesTheOtherScreen() {
        var shelf = BookShelf(books: [one])
        let nine = Book(id: 9, title: "Nine")
        _ = shelf.transition(on: .openCopy(nine))
        _ = shelf.transition(on: .openCopy(nine))  // one place, the stack, holds book nine twice; the shelf never

        _ = shelf.transition(on: .path(.element(id: shelf.path.topID!, .detail(.rename("Neun")))))

        XCTAssertEqual(shelf.detailBooks.map(\.title), ["Neun", "Neun"])
        XCTAssertEqual(shelf.books.ids, [1])
    }

    // MARK: - The edges

    func test_deletionWins_anEditOfABookRemovedInTheSameTransition_bringsItNowhere() {
        var shelf = shelfWithDetail()
        _ = shelf.transition(on: .choose(1))

        _ = shelf.transition(on: .removeAndRenameTop(1, "Renamed"))

        XCTAssertEqual(shelf.books.ids, [2], "not brought back")
        XCTAssertEqual(shelf.chosen, one, "the edit is written into no other copy")
        XCTAssertEqual(shelf.detailBooks, [Book(id: 1, title: "Renamed")], "the screen keeps its own edit")
    }

    func test_aPoppedScreen_deletesNothing() {
        var shelf = shelfWithDetail()

        _ = shelf.transition(on: .path(.popFrom(id: shelf.path.topID!)))

        XCTAssertEqual(shelf.books.ids, [1, 2])
    }

    func test_twoPlacesChangedToTheSameValue_isNoConflict() {
        var shelf = shelfWithDetail()

        _ = shelf.transition(on: .renameBoth(1, "Same"))

        XCTAssertEqual(shelf.books[id: 1]?.title, "Same")
        XCTAssertEqual(shelf.detailBooks.map(\.title), ["Same"])
    }

    func test_twoDifferentEditsOfOneKey_stopWithAMessageNamingBothPlaces() {
        runInChildProcess(
            self,
            expectingCrashWith:
                """
                one transition of BookShelf changed Book 1 to two different values, in \\BookShelf.books and in \
                \\BookShelf.path, case BookDetail, at \\BookDetail.book.
                """
        ) {
            var shelf = shelfWithDetail()
            _ = shelf.transition(on: .renameTwice(1, shelf: "A", top: "B"))
        }
    }

    func test_theConflictMessage_saysHowToFixIt() {
        runInChildProcess(self, expectingCrashWith: "To fix, change it in one place") {
            var shelf = shelfWithDetail()
            _ = shelf.transition(on: .renameTwice(1, shelf: "A", top: "B"))
        }
    }

    // MARK: - A child's own declaration

    func test_aRoutedChildsDeclaration_holdsInsideItsParent() {
        var library = ReadingRoom()

        _ = library.transition(on: .reading(.renameCurrent("Uno")))

        XCTAssertEqual(library.reading.queue[id: 1]?.title, "Uno")
    }

    // MARK: - A test store

    func test_aTestStore_expectsEveryCopy_andFailsWhenTheExpectationLeavesOneOut() {
        let store = TestStore(initialState: shelfWithDetail())
        let top = store.state.path.topID!
        store.send(.path(.element(id: top, .detail(.rename("Uno"))))) {
            $0.path.modify(id: top, case: BookShelf.Screen.detail) {
                $0.book.title = "Uno"
                $0.renames = 1
            }
            $0.books[id: 1]?.title = "Uno"
        }
        store.finish()

        let failures = TestFailureCollector()
        let forgetful = TestStore(initialState: shelfWithDetail(), reporter: failures.reporter)
        forgetful.send(.path(.element(id: top, .detail(.rename("Uno"))))) {
            $0.path.modify(id: top, case: BookShelf.Screen.detail) {
                $0.book.title = "Uno"
                $0.renames = 1
            }
        }
        forgetful.finish()
        XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
        XCTAssertTrue(failures.messages.first?.contains("books") == true, failures.messages.first ?? "")
    }

    // MARK: - Reading the places

    func test_aComputedPlaceAndAnObservedOne_areReadWithoutRunningTheirSetters_andWrittenOnlyWhenTheyFollow() {
        var desk = Desk()

        _ = desk.transition(on: .note("Buy bulbs"))
        XCTAssertEqual(desk.sets, Desk.Sets(computed: 0, observed: 0), "nothing shared, nothing written")

        _ = desk.transition(on: .renameStock("Reading lamp"))
        XCTAssertEqual([desk.lamp.title, desk.observed.title], ["Reading lamp", "Reading lamp"])
        XCTAssertEqual(desk.sets, Desk.Sets(computed: 0, observed: 1), "the edited place is not written back")

        _ = desk.transition(on: .renameLamp("Desk lamp"))
        XCTAssertEqual([desk.stocked.title, desk.observed.title], ["Desk lamp", "Desk lamp"])
        XCTAssertEqual(desk.sets, Desk.Sets(computed: 1, observed: 2), "each follows an edit elsewhere once")
    }

    // MARK: - A real store

    func test_aStore_showsEveryCopyInStep_inTheOneStateItPublishes() {
        let store = Store<BookShelf>(initialState: shelfWithDetail())
        let states = LockedStates()
        let token = store.subscribe { states.append($0) }
        let top = store.state.path.topID!

        let renamed = store.dispatch(event: .path(.element(id: top, .detail(.rename("Uno")))))
        XCTAssertNotNil(renamed.wait(timeout: .seconds(10)))

        XCTAssertEqual(store.state.books[id: 1]?.title, "Uno")
        let published = states.all.dropFirst()  // the subscription's first call is the state it started with
        XCTAssertEqual(published.count, 1)
        XCTAssertEqual(published.first?.books[id: 1]?.title, "Uno", "no state with the copies apart is published")
        token.cancel()
    }
}

/// States a subscriber saw, from the store's queue.
private final class LockedStates: @unchecked Sendable {
    // Unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var states: [BookShelf] = []

    func append(_ state: BookShelf) { lock.withLock { states.append(state) } }
    var all: [BookShelf] { lock.withLock { states } }
}

/// A lamp held in a stored property, behind a computed property with a setter, and in a property with an observer:
/// the setter and the observer count their calls.
private struct Desk: State, Equatable {
    struct Sets: Equatable {
        var computed = 0
        var observed = 0
    }

    var lamp = Book(id: 7, title: "Lamp")
    var stock: [Book] = [Book(id: 7, title: "Lamp")]
    var sets = Sets()
    var note = ""
    var observed = Book(id: 7, title: "Lamp") { didSet { sets.observed += 1 } }
    var stocked: Book {
        get { stock[0] }
        set {
            sets.computed += 1
            stock[0] = newValue
        }
    }

    enum Event: Sendable { case renameLamp(String), renameStock(String), note(String) }
    typealias Effect = Never

    static let sharedValues: SharedValues<Desk> = [.element(\.lamp), .element(\.stocked), .element(\.observed)]

    static var initialState: Desk { Desk() }

    mutating func handle(event: Event) -> Never? {
        switch event {
        case .renameLamp(let title): lamp.title = title
        case .renameStock(let title): stock[0].title = title
        case .note(let text): note = text
        }
        return nil
    }
}
