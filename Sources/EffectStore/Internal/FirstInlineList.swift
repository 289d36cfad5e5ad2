/// A list whose first element is stored inline and the rest in an array that is only allocated for a second one.
///
/// The shape of a future's waiters and of the work a resolution leaves to do (``CallbackList``): almost always
/// exactly one element, so the common case allocates nothing beyond the closure itself.
@usableFromInline
struct FirstInlineList<Element> {
    @usableFromInline var first: Element?
    @usableFromInline var further: [Element]?

    @inlinable
    init() {
        self.first = nil
        self.further = nil
    }

    @inlinable
    init(_ element: Element) {
        self.first = element
        self.further = nil
    }

    /// Whether the list has no element.
    @inlinable
    var isEmpty: Bool { first == nil }

    @inlinable
    mutating func append(_ element: Element) {
        if first == nil {
            first = element
        } else if further == nil {
            further = [element]
        } else {
            further!.append(element)
        }
    }

    @inlinable
    mutating func append(contentsOf other: FirstInlineList) {
        guard let otherFirst = other.first else { return }
        if first == nil {
            first = otherFirst
            further = other.further
            return
        }
        append(otherFirst)
        if let otherFurther = other.further { further!.append(contentsOf: otherFurther) }
    }
}

// Sendable: an optional and an array of sendable elements.
extension FirstInlineList: Sendable where Element: Sendable {}
