import PropertyHarness
import TestSupport
import Testing

/// Runs `property` with the process's configuration and records its failure report, if any, as one
/// test issue: the property itself never calls `#expect`, so only the minimal case is reported.
///
/// The property runs on a thread of its own (``onThreadOfItsOwn(_:)``), never on the cooperative pool: it
/// runs for seconds, some properties wait for a peer process or for async work (``waitingOffThePool(_:)``),
/// and the pool's few threads are what the loopback suites running meanwhile need.
@discardableResult
func check<Value>(_ property: Property<Value>, sourceLocation: SourceLocation = #_sourceLocation) async
    -> PropertyResult
{
    let filter = currentTestFilter()
    let box = UncheckedProperty(property: property)
    let result = await onThreadOfItsOwn { box.property.run(.current, replayFilter: filter) }
    if let failure = result.failure {
        Issue.record(Comment(rawValue: failure.text), sourceLocation: sourceLocation)
    }
    return result
}

/// The property, handed to the thread that runs it.
///
/// `@unchecked Sendable`: the thread is the only one that uses the property, and the caller waits for it.
private struct UncheckedProperty<Value>: @unchecked Sendable {
    let property: Property<Value>
}

/// The `swift test --filter` argument that selects the running test: `Module.Suite/test\(`.
///
/// The filter is a regular expression over `Module.Suite/test()`, so the parenthesis that ends the
/// test's name is escaped, which also keeps `structure` from selecting `structureOfNames`.
func currentTestFilter() -> String? {
    guard let test = Test.current else { return nil }
    let identifier = test.id.moduleName + "." + test.id.nameComponents.joined(separator: "/")
    guard let parenthesis = identifier.firstIndex(of: "(") else { return identifier }
    return identifier[..<parenthesis] + "\\("
}
