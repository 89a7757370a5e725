import PropertyHarness
import Testing

/// Runs `property` with the process's configuration and records its failure report, if any, as one
/// test issue: the property itself never calls `#expect`, so only the minimal case is reported.
@discardableResult
func check<Value>(_ property: Property<Value>, sourceLocation: SourceLocation = #_sourceLocation) -> PropertyResult {
    let result = property.run(.current, replayFilter: currentTestFilter())
    if let failure = result.failure {
        Issue.record(Comment(rawValue: failure.text), sourceLocation: sourceLocation)
    }
    return result
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
