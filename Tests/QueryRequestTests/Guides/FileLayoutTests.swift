import Foundation
import TestSupport
import Testing

/// Each type of the two library modules lives in a file of its own name, so that finding a type is finding a
/// file: `Sources/QueryRequest/Client/HTTPDate.swift` holds `HTTPDate`. A file may add extensions (`Type+Topic.swift`
/// holds only extensions), and a `private` helper stays beside the one type that uses it.
@Suite(.timeLimit(.minutes(5))) struct FileLayoutTests {
    @Test func everyTypeIsInAFileOfItsName() {
        let read = SwiftDeclarations.reading(folders: ["Sources/QueryCoding", "Sources/QueryRequest"])
        let types = read.declarations.filter {
            $0.parent == nil && !$0.isFilePrivate
                && ["struct", "enum", "class", "actor", "protocol"].contains($0.keyword)
        }
        #expect(types.count >= 150, "found \(types.count)")
        for type in types {
            let file = URL(fileURLWithPath: type.file).deletingPathExtension().lastPathComponent
            #expect(
                file == type.name,
                "\(type.keyword) \(type.name) is declared in \(type.file): move it to \(type.name).swift")
        }
    }

    @Test func theScanSeesTopLevelAndPrivateTypes() {
        var read = SwiftDeclarations()
        read.read(
            """
            struct Shown {
                struct Nested {}
            }
            private final class Helper {}
            extension Shown {}
            """, file: "Sources/X/Shown.swift")
        let topLevel = read.declarations.filter { $0.parent == nil && $0.declaresType }
        #expect(topLevel.map(\.name) == ["Shown", "Helper"])
        #expect(topLevel.map(\.isFilePrivate) == [false, true])
    }
}
