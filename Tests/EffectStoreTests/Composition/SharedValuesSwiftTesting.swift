import EffectStore
import Testing

/// `SharedValues` under Swift Testing: the copies of a book are in step after each transition, by value.
struct SharedValuesSwiftTesting {
    @Test(arguments: [
        (BookShelf.Event.renameOnShelf(1, "Uno"), "Uno"),
        (.choose(nil), "One"),
    ])
    func theShelfAndTheOpenScreen_holdTheSameBook(event: BookShelf.Event, title: String) {
        var shelf = BookShelf(books: [Book(id: 1, title: "One")])
        _ = shelf.transition(on: .open(1))

        _ = shelf.transition(on: event)

        #expect(shelf.books[id: 1]?.title == title)
        #expect(shelf.detailBooks == [Book(id: 1, title: title)])
    }

    @Test func aDetailsEdit_isTheShelfsToo() {
        var shelf = BookShelf(books: [Book(id: 1, title: "One")])
        _ = shelf.transition(on: .open(1))

        _ = shelf.transition(on: .path(.element(id: shelf.path.topID!, .detail(.rename("Eins")))))

        #expect(shelf.books[id: 1] == Book(id: 1, title: "Eins"))
    }
}
