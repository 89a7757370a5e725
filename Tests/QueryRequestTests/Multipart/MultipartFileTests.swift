import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// File parts streamed from disk: exact bytes, bounded chunks, and loud failures when the file is not
/// what was measured.
@Suite(.timeLimit(.minutes(5))) struct MultipartFileTests {
    /// A file in a fresh temporary folder, removed by ``remove()``.
    struct TemporaryFile {
        let url: URL
        init(_ contents: Data, name: String = "upload.bin") throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qr-multipart-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            url = folder.appendingPathComponent(name)
            try contents.write(to: url)
        }
        func remove() { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    }

    /// A test set-up step that failed.
    struct TemporaryFileError: Error, CustomStringConvertible {
        let description: String
    }

    /// Bytes with every value, in a pattern that never contains a boundary.
    static func sample(count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    }

    private func drain(_ reader: MultipartBodyReader, chunk: Int) throws -> (data: Data, largest: Int) {
        var data = Data()
        var largest = 0
        while let next = try reader.next(maximumLength: chunk) {
            largest = max(largest, next.count)
            data.append(next)
        }
        return (data, largest)
    }

    @Test func aFilePartIsReadInChunksAndMatchesTheSameBytesFromMemory() throws {
        let contents = Self.sample(count: 300_000)
        let file = try TemporaryFile(contents)
        defer { file.remove() }
        var fromDisk = try MultipartForm(boundary: "qr-fixed")
        fromDisk.append(.text(name: "title", value: "x"))
        fromDisk.append(.file(name: "doc", contentType: "application/pdf", contentsOf: file.url))
        var fromMemory = try MultipartForm(boundary: "qr-fixed")
        fromMemory.append(.text(name: "title", value: "x"))
        fromMemory.append(.file(name: "doc", filename: "upload.bin", contentType: "application/pdf", data: contents))

        let body = try fromDisk.encode()
        #expect(body.streamsFromDisk)
        let expected = try fromMemory.encode().data()
        let (streamed, largest) = try drain(body.makeReader(), chunk: 4_096)
        #expect(streamed == expected)
        #expect(largest <= 4_096)
        #expect(body.contentLength == Int64(expected.count))
        #expect(try body.data() == expected)
    }

    @Test func theInputStreamProducesTheBody() throws {
        let file = try TemporaryFile(Self.sample(count: 100_000))
        defer { file.remove() }
        var form = MultipartForm()
        form.append(.file(name: "doc", contentsOf: file.url))
        let body = try form.encode()
        let stream = body.makeInputStream()
        stream.open()
        defer { stream.close() }
        var read = Data()
        var buffer = [UInt8](repeating: 0, count: 1_000)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            #expect(count >= 0)
            if count <= 0 { break }
            read.append(contentsOf: buffer[..<count])
        }
        #expect(stream.streamStatus == .atEnd)
        #expect(read == (try body.data()))
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func aBoundaryInAFileFailsTheReadWhereverTheChunksSplitIt(chunk: Int) throws {
        var contents = Self.sample(count: 200)
        contents.insert(contentsOf: Data("--fence".utf8), at: 101)
        let file = try TemporaryFile(contents)
        defer { file.remove() }
        var form = try MultipartForm(boundary: "fence")
        form.append(.text(name: "a", value: "1"))
        form.append(.file(name: "doc", contentsOf: file.url))
        let reader = try form.encode().makeReader()
        let failure = MultipartFormError.invalidPart(
            .init(
                index: 1, name: "doc", problem: .boundaryInFile(path: file.url.path)))
        #expect(throws: failure) { try drain(reader, chunk: chunk) }
        #expect(throws: failure) { try reader.next() }
    }

    @Test func aBoundaryIsFoundWhereverItFallsAgainstTheReadsOfTheFile() throws {
        // Every read size from 1 to 24 bytes, and the boundary starting at every offset of the first three
        // reads and the next: at the very end of a read, split across two, at the start of one.
        let file = try TemporaryFile(Data())
        defer { file.remove() }
        var checked = 0
        for readSize in 1...24 {
            for offset in 0...(3 * readSize + 1) {
                var contents = Self.sample(count: 4 * readSize + 8)
                contents.insert(contentsOf: Data("--fence".utf8), at: offset)
                try contents.write(to: file.url)
                var form = try MultipartForm(boundary: "fence")
                form.append(.file(name: "doc", contentsOf: file.url))
                let reader = try form.encode().makeReader()
                let failure = MultipartFormError.invalidPart(
                    .init(
                        index: 0, name: "doc", problem: .boundaryInFile(path: file.url.path)))
                #expect(throws: failure, "read size \(readSize), boundary at \(offset)") {
                    try drain(reader, chunk: readSize)
                }
                checked += 1
            }
        }
        #expect(checked == (1...24).reduce(0) { $0 + 3 * $1 + 2 })
    }

    @Test func aStreamReportsTheBoundaryAsItsError() throws {
        let file = try TemporaryFile(Data("xx fence xx".utf8))
        defer { file.remove() }
        var form = try MultipartForm(boundary: "fence")
        form.append(.file(name: "doc", contentsOf: file.url))
        let stream = try form.encode().makeInputStream()
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 1_024)
        var last = 1
        while last > 0 { last = stream.read(&buffer, maxLength: buffer.count) }
        #expect(last == -1)
        #expect(stream.streamStatus == .error)
        #expect(
            stream.streamError as? MultipartFormError
                == .invalidPart(.init(index: 0, name: "doc", problem: .boundaryInFile(path: file.url.path))))
    }

    @Test(arguments: [10, 30])
    func aFileWhoseSizeChangedAfterEncodingFailsTheRead(newSize: Int) throws {
        let file = try TemporaryFile(Self.sample(count: 20))
        defer { file.remove() }
        var form = MultipartForm()
        form.append(.file(name: "doc", contentsOf: file.url))
        let body = try form.encode()
        try Self.sample(count: newSize).write(to: file.url)
        let path = file.url.resolvingSymlinksInPath().path
        #expect(
            throws: MultipartFormError.invalidPart(
                .init(
                    index: 0, name: "doc", problem: .fileSizeChanged(path: path, expected: 20)))
        ) { try body.data() }
    }

    @Test func refusesAMissingFileAFolderAndAURLThatIsNotAFile() throws {
        let file = try TemporaryFile(Data())
        defer { file.remove() }
        let missing = file.url.appendingPathComponent("missing")
        for url in [missing, file.url.deletingLastPathComponent()] {
            var form = MultipartForm()
            form.append(.file(name: "doc", contentsOf: url))
            #expect {
                try form.encode()
            } throws: { error in
                guard case .invalidPart(let part) = error as? MultipartFormError,
                    case .unreadableFile = part.problem
                else { return false }
                return part.index == 0 && part.name == "doc"
            }
        }
        let remote = URL(string: "https://example.com/a.png")!
        var form = MultipartForm()
        form.append(.file(name: "doc", contentsOf: remote))
        #expect(throws: MultipartFormError.invalidPart(.init(index: 0, name: "doc", problem: .notAFileURL(remote)))) {
            try form.encode()
        }
    }

    @Test func theFilenameDefaultsToTheLastPathComponent() throws {
        let file = try TemporaryFile(Data("x".utf8), name: "caf\u{E9}.txt")
        defer { file.remove() }
        var form = try MultipartForm(boundary: "b")
        form.append(.file(name: "doc", contentType: "text/plain", contentsOf: file.url))
        let written = String(decoding: try form.encode().data(), as: UTF8.self)
        #expect(written.contains("name=\"doc\"; filename=\"caf\u{E9}.txt\"\r\nContent-Type: text/plain\r\n\r\nx\r\n"))
    }

    @Test func attachesAFileFormAsAStream() throws {
        let file = try TemporaryFile(Self.sample(count: 10))
        defer { file.remove() }
        var form = MultipartForm()
        form.append(.file(name: "doc", contentsOf: file.url))
        var request = URLRequest(url: URL(string: "http://127.0.0.1/")!)
        try form.encode().attach(to: &request)
        #expect(request.httpBody == nil)
        #expect(request.httpBodyStream != nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == form.contentType)
    }
}
