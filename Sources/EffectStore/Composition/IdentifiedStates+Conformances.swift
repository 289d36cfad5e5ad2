extension IdentifiedStates: Equatable where Element: Equatable {
    /// Whether both hold equal elements in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension IdentifiedStates: Hashable where Element: Hashable {
    /// Hashes the elements, in order.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension IdentifiedStates: Encodable where Element: Encodable {
    /// Encodes the elements as an array, in order.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(elements)
    }
}

extension IdentifiedStates: Decodable where Element: Decodable {
    /// Decodes an array of elements; two elements with one id are an error.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when two elements share an id.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let elements = try container.decode([Element].self)
        self.init()
        for element in elements where !append(element) {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: """
                    IdentifiedStates<\(Element.self)>: two elements have the id \(element.id). To fix, give every \
                    element an id of its own.
                    """
            )
        }
    }
}

// Its changes are journaled, for `ObservableRows`: every mutating member records what it touched.
extension IdentifiedStates: JournaledRows {}

extension IdentifiedStates: CustomValueStructure {
    /// The elements named by their ids, in order — what `==` compares: a diff reads `.rows[id: 500].isOn`, and never
    /// shows the collection's bookkeeping.
    public var valueStructure: ValueStructure {
        .identified(elements.map { (id: $0.id as any Hashable, element: $0 as Any) })
    }
}
