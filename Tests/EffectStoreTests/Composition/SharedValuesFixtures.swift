import EffectStore

/// A book: the value the shelf's features share, by id.
struct Book: Identifiable, Equatable, Hashable, Sendable {
    let id: Int
    var title: String
}

/// A book's screen: it holds a copy of the book and renames it, knowing nothing of the shelf.
struct BookDetail: ChildState, Equatable {
    var book: Book
    var renames = 0

    enum Event: Equatable, Sendable { case rename(String) }
    typealias Effect = Never

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .rename(let title):
            book.title = title
            renames += 1
            return nil
        }
    }
}

/// A shelf: every book, a stack of screens that hold copies of books, a featured book and a chosen book, all kept in
/// step by `sharedValues` — with no code that copies a book from one place to another.
struct BookShelf: State, Equatable {
    var books: IdentifiedStates<Book> = []
    var path: ScreenStack<Screen> = []
    var featured = Book(id: 0, title: "Featured")
    var chosen: Book?
    var sheet: BookDetail?
    var theme = "light"
    var settings = Settings()

    struct Settings: Equatable { var theme = "light" }

    enum Screen: ChildState, Equatable {
        case detail(BookDetail)
        case about

        enum Event: Equatable, Sendable { case detail(BookDetail.Event) }
        typealias Effect = Never

        static let detail = ChildPlace(
            case: Screen.detail, extract: { if case .detail(let detail) = $0 { detail } else { nil } },
            event: Event.detail)
        static let places: ChildPlaces<Screen> = [detail]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .detail(let event): route(event, to: Self.detail)
            }
        }
    }

    enum Event: Equatable, Sendable {
        case path(StackEvent<Screen.Event>)
        case sheet(PresentationEvent<BookDetail.Event>)
        case present(Book.ID)
        case open(Book.ID)
        /// Opens a detail holding `book` as given, which may be an older copy than the shelf's.
        case openCopy(Book)
        case renameOnShelf(Book.ID, String)
        case remove(Book.ID)
        /// Removes the book from the shelf and renames the copy the top screen holds, in one transition.
        case removeAndRenameTop(Book.ID, String)
        /// Renames the book on the shelf and, differently, in the top screen, in one transition.
        case renameTwice(Book.ID, shelf: String, top: String)
        /// Renames the book on the shelf and, the same way, in the top screen.
        case renameBoth(Book.ID, String)
        case replaceBooks([Book])
        case choose(Book.ID?)
        case renameChosen(String)
        case setTheme(String)
        case add(Book)
    }
    typealias Effect = Never

    static var initialState: BookShelf { BookShelf() }

    static let path = ChildPlace(\BookShelf.path, event: Event.path)
    static let sheet = ChildPlace(\BookShelf.sheet, event: Event.sheet)
    static let places: ChildPlaces<BookShelf> = [path, sheet]

    static let sharedValues: SharedValues<BookShelf> = [
        .elements(\.books),
        .elements(in: \.path, case: Screen.detail, at: \.book),
        .element(\.featured),
        .element(\.chosen),
        .element(in: \.sheet, at: \.book),
        .value(\.theme, key: "theme"),
        .value(\.settings.theme, key: "theme"),
    ]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .path(let event):
            return route(event, to: Self.path)
        case .sheet(let event):
            return route(event, to: Self.sheet)
        case .present(let id):
            sheet = books[id: id].map { BookDetail(book: $0) }
            return nil
        case .open(let id):
            guard let book = books[id: id] else { return nil }
            path.push(.detail(BookDetail(book: book)))
            return nil
        case .openCopy(let book):
            path.push(.detail(BookDetail(book: book)))
            return nil
        case .renameOnShelf(let id, let title):
            books[id: id]?.title = title
            return nil
        case .remove(let id):
            books.remove(id: id)
            return nil
        case .removeAndRenameTop(let id, let title):
            books.remove(id: id)
            renameTop(title)
            return nil
        case .renameTwice(let id, let shelfTitle, let topTitle):
            books[id: id]?.title = shelfTitle
            renameTop(topTitle)
            return nil
        case .renameBoth(let id, let title):
            books[id: id]?.title = title
            renameTop(title)
            return nil
        case .replaceBooks(let books):
            self.books = IdentifiedStates(books)
            return nil
        case .choose(let id):
            chosen = id.flatMap { books[id: $0] }
            return nil
        case .renameChosen(let title):
            chosen?.title = title
            return nil
        case .setTheme(let theme):
            settings.theme = theme
            return nil
        case .add(let book):
            books.append(book)
            return nil
        }
    }

    /// Renames the book of the top screen, when it shows one.
    private mutating func renameTop(_ title: String) {
        guard let top = path.topID else { return }
        path.modify(id: top, case: Screen.detail) { $0.book.title = title }
    }

    /// The books the stack's detail screens hold, bottom first.
    var detailBooks: [Book] {
        path.ids.compactMap { path[id: $0, case: Screen.detail]?.book }
    }
}

/// A feature that declares its own shared values, routed as a child of `ReadingRoom`: its declaration holds there too.
struct Reading: ChildState, Equatable {
    var current = Book(id: 1, title: "One")
    var queue: IdentifiedStates<Book> = [Book(id: 1, title: "One"), Book(id: 2, title: "Two")]

    enum Event: Equatable, Sendable { case renameCurrent(String) }
    typealias Effect = Never

    static let sharedValues: SharedValues<Reading> = [.elements(\.queue), .element(\.current)]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .renameCurrent(let title):
            current.title = title
            return nil
        }
    }
}

/// Holds a `Reading` at a place and routes to it; declares no shared values itself.
struct ReadingRoom: State, Equatable {
    var reading = Reading()

    enum Event: Equatable, Sendable { case reading(Reading.Event) }
    typealias Effect = Never

    static var initialState: ReadingRoom { ReadingRoom() }

    static let reading = ChildPlace(\ReadingRoom.reading, event: Event.reading)
    static let places: ChildPlaces<ReadingRoom> = [reading]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .reading(let event): return route(event, to: Self.reading)
        }
    }
}
