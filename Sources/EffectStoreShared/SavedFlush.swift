/// What a flush gave: every value saved before it is written, or the failure that kept one from the storage.
///
/// ```swift
/// if case .failed(let error) = await writer.flush().value { print(error) }
/// XCTAssertEqual(saving.flush().wait(timeout: .seconds(5)), .written)
/// ```
///
/// It is `Equatable`, so a test compares it as it is.
public enum SavedFlush: Hashable, Sendable {
    /// Every value saved before the flush is written (or was on the storage already).
    case written
    /// A value saved before the flush is not written: why, in ``SavedValueError``.
    case failed(SavedValueError)

    /// The failure, or `nil` when everything is written.
    ///
    /// ```swift
    /// XCTAssertEqual(saving.flush().wait(timeout: .seconds(5))?.error?.reason, .writeFailed)
    /// ```
    public var error: SavedValueError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}
