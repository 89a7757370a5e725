import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A multipart form drawn from fuzzer bytes, and the oracle that checks what the library makes of it.
public struct MultipartCase {
    /// What the form is built from, in order.
    enum Entry {
        /// One part, as given to the library and as the reference sees it; `checkedLate` when its content
        /// is searched for the boundary only as the body is produced (a file, or 16 KiB or more); `file` the
        /// file on disk it is read from.
        case part(MultipartForm.Part, MultipartReference.Part, checkedLate: Bool, file: URL?)
        /// The fields of a value, named by an encoder.
        case fields(FormFields, QueryEncoder)
    }

    /// The boundary text chosen by the fuzzer, or `nil` for the library's random one.
    var chosenBoundary: String?
    var entries: [Entry] = []
    /// The chunk size the body is produced in.
    var chunkSize: Int

    /// Contents of this size or more are searched for the boundary as the body is produced (Docs/Security.md).
    static let lateCheckSize = 16 * 1024

    /// Reads the boundary, the chunk size and up to eight entries from `input`; file parts are written
    /// to a directory of this process.
    public init(_ input: inout FuzzInput) {
        switch input.choice(4) {
        case 0, 1: chosenBoundary = nil
        case 2: chosenBoundary = input.field() ?? ""
        default:
            // Mostly valid: boundary characters only, so that contents can hold it.
            let text = (input.bytesField() ?? []).filter { MultipartReference.isValidBoundary([$0]) }
            chosenBoundary = String(decoding: text.isEmpty ? Array("b".utf8) : Array(text.prefix(70)), as: UTF8.self)
        }
        chunkSize = [1, 2, 3, 7, 42, 43, 44, 1000, 16 * 1024, 1 << 20][input.choice(10)]
        let count = input.choice(9)
        for index in 0..<count {
            switch input.choice(8) {
            case 0, 1, 2:
                let name = input.bytesField() ?? []
                let value = content(&input)
                let part = MultipartForm.Part.text(name: text(name), value: text(value))
                // A text value is sent as its UTF-8: invalid bytes in the input became U+FFFD.
                let given = Array(text(value).utf8)
                entries.append(
                    .part(
                        part, .init(name: Array(text(name).utf8), filename: nil, contentType: nil, content: given),
                        checkedLate: given.count >= Self.lateCheckSize, file: nil))
            case 7:
                entries.append(.fields(FormFields(&input), CoderPair(&input).encoder))
            default:
                let name = text(input.bytesField() ?? [])
                let filename = text(input.bytesField() ?? [])
                let contentType = input.flag() ? input.field() ?? "" : nil
                let data = content(&input)
                let reference = MultipartReference.Part(
                    name: Array(name.utf8), filename: Array(filename.utf8),
                    contentType: Array((contentType ?? "application/octet-stream").utf8), content: data)
                if input.choice(4) == 0 {
                    let url = Self.directory.appendingPathComponent("part-\(index)")
                    do {
                        try Data(data).write(to: url)
                    } catch {
                        fatalError("cannot write \(url.path): \(error)")
                    }
                    let part =
                        contentType.map {
                            MultipartForm.Part.file(name: name, filename: filename, contentType: $0, contentsOf: url)
                        } ?? .file(name: name, filename: filename, contentsOf: url)
                    entries.append(.part(part, reference, checkedLate: true, file: url))
                } else {
                    let part =
                        contentType.map {
                            MultipartForm.Part.file(name: name, filename: filename, contentType: $0, data: Data(data))
                        } ?? .file(name: name, filename: filename, data: Data(data))
                    entries.append(.part(part, reference, checkedLate: data.count >= Self.lateCheckSize, file: nil))
                }
            }
        }
    }

    /// Bytes of a content, now and then repeated past the size from which contents are checked late.
    private func content(_ input: inout FuzzInput) -> [UInt8] {
        let bytes = input.bytesField() ?? []
        guard input.choice(4) == 0, !bytes.isEmpty else { return bytes }
        var repeated = bytes
        while repeated.count < Self.lateCheckSize { repeated += bytes }
        return repeated
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Where file parts are written: one directory per process, so that parallel fuzzers do not meet.
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "qr-fuzz-multipart-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Removed when the fuzzer exits normally; a crash leaves it, beside the input that caused it.
        atexit { try? FileManager.default.removeItem(at: MultipartCase.directory) }
        return url
    }()

    // MARK: Oracle

    /// What the reference expects: the parts read back, or the first refusal.
    struct Expectation {
        var parts: [MultipartReference.Part] = []
        /// The first part encoding must refuse: its index, name and the problems that may be named.
        var refusal: (index: Int, part: MultipartReference.Part, problems: [MultipartFormError.Problem])?
        /// The error of a value's fields, which encoding throws unchanged.
        var encodingError: String?
        /// The first part whose content, checked as the body is produced, holds the boundary, with the file
        /// it is read from (refused as `boundaryInFile`) or none (`boundaryInPart`).
        var lateBoundary: (index: Int, name: [UInt8], file: URL?)?
        var streamsFromDisk = false

        var refusesEncoding: Bool { refusal != nil || encodingError != nil }
    }

    func expectation(boundary: [UInt8]) -> Expectation {
        var expected = Expectation()
        var index = 0
        for entry in entries {
            var parts: [(MultipartReference.Part, Bool)] = []
            var file: URL?
            switch entry {
            case .part(_, let reference, let checkedLate, let partFile):
                if partFile != nil { expected.streamsFromDisk = true }
                parts = [(reference, checkedLate)]
                file = partFile
            case .fields(let fields, let encoder):
                do {
                    parts = try encoder.encode(fields).map { item in
                        let value = Array((item.value ?? "").utf8)
                        return (
                            .init(name: Array(item.name.utf8), filename: nil, contentType: nil, content: value),
                            value.count >= Self.lateCheckSize
                        )
                    }
                } catch {
                    expected.encodingError = String(reflecting: error)
                    return expected
                }
            }
            for (part, checkedLate) in parts {
                let found = MultipartReference.problems(of: part, boundary: boundary, contentCheckedLate: checkedLate)
                if !found.eager.isEmpty {
                    expected.refusal = (index, part, found.eager)
                    return expected
                }
                if found.boundaryInLargeContent && expected.lateBoundary == nil {
                    expected.lateBoundary = (index, part.name, file)
                }
                expected.parts.append(part)
                index += 1
            }
        }
        return expected
    }

    /// Builds the form, encodes it, produces its body whole, in chunks and through a request, and compares
    /// everything with the reference.
    public func check() {
        var form: MultipartForm
        if let chosenBoundary {
            let valid = MultipartReference.isValidBoundary(Array(chosenBoundary.utf8))
            do {
                form = try MultipartForm(boundary: chosenBoundary)
                fuzzRequire(
                    valid, "accepted the boundary \(String(reflecting: chosenBoundary)), which RFC 2046 refuses")
            } catch {
                fuzzRequire(
                    !valid && error as? MultipartFormError == .invalidBoundary(chosenBoundary),
                    "refused the boundary \(String(reflecting: chosenBoundary)) with \(String(reflecting: error))")
                return
            }
        } else {
            form = MultipartForm()
        }
        for entry in entries {
            switch entry {
            case .part(let part, _, _, _): form.append(part)
            case .fields(let fields, let encoder): form.appendFields(fields, encoder: encoder)
            }
        }
        let boundary = Array(form.boundary.utf8)
        fuzzRequire(
            form.contentType == "multipart/form-data; boundary=\(form.boundary)", "content type \(form.contentType)")
        let expected = expectation(boundary: boundary)
        let context = "boundary \(String(reflecting: form.boundary)), \(entries.count) entries"

        let body: MultipartBody
        do {
            body = try form.encode()
        } catch {
            checkRefusal(error, expected, context)
            checkRequest(form, expected: .failure(error), context)
            return
        }
        fuzzRequire(
            !expected.refusesEncoding,
            "encoded a form the reference refuses (\(expected.refusal.map { "part \($0.index), \($0.part): \($0.problems)" } ?? expected.encodingError ?? "")), \(context)"
        )
        fuzzRequire(body.contentType == form.contentType, "the body's content type \(body.contentType), \(context)")
        fuzzRequire(
            body.streamsFromDisk == expected.streamsFromDisk, "streamsFromDisk is \(body.streamsFromDisk), \(context)")

        let whole: Data
        do {
            whole = try body.data()
        } catch {
            checkLateBoundary(error, expected, "data()", context)
            checkChunks(body, expected, context)
            checkRequest(form, expected: .failure(error), context)
            return
        }
        fuzzRequire(
            expected.lateBoundary == nil,
            "produced a body although part \(expected.lateBoundary?.index ?? 0) holds the boundary, \(context)")
        fuzzRequire(
            Int64(whole.count) == body.contentLength,
            "Content-Length \(body.contentLength) for a body of \(whole.count) bytes, \(context)")
        checkChunks(body, expected, context, whole: whole)
        checkReadBack(Array(whole), boundary: boundary, expected, context)
        checkRequest(form, expected: .success(whole), context)
    }

    func checkRefusal(_ error: any Error, _ expected: Expectation, _ context: String) {
        if let encodingError = expected.encodingError {
            fuzzRequire(
                error is EncodingError && String(reflecting: error) == encodingError,
                "threw \(String(reflecting: error)), not the fields' \(encodingError), \(context)")
            return
        }
        guard let refusal = expected.refusal else {
            fuzzFailure("refused a form the reference accepts: \(String(reflecting: error)), \(context)")
        }
        guard case .invalidPart(let part) = error as? MultipartFormError else {
            fuzzFailure("threw \(String(reflecting: error)), not a MultipartFormError.invalidPart, \(context)")
        }
        fuzzRequire(
            part.index == refusal.index && Array(part.name.utf8) == refusal.part.name
                && refusal.problems.contains(part.problem),
            "threw \(error) where the reference refuses part \(refusal.index) (\(refusal.part)) for \(refusal.problems), \(context)"
        )
    }

    func checkLateBoundary(_ error: any Error, _ expected: Expectation, _ what: String, _ context: String) {
        guard let late = expected.lateBoundary else {
            fuzzFailure("\(what) threw \(String(reflecting: error)) for a form the reference accepts, \(context)")
        }
        let problem: MultipartFormError.Problem = late.file.map { .boundaryInFile(path: $0.resolvingSymlinksInPath().path) } ?? .boundaryInPart
        guard case .invalidPart(let part) = error as? MultipartFormError,
            part.problem == problem, part.index == late.index, Array(part.name.utf8) == late.name
        else {
            fuzzFailure(
                "\(what) threw \(String(reflecting: error)), not \(problem) for part \(late.index), \(context)")
        }
    }

    /// The reader, in chunks of `chunkSize`: the same bytes as `data()`, or the same error.
    func checkChunks(_ body: MultipartBody, _ expected: Expectation, _ context: String, whole: Data? = nil) {
        let reader = body.makeReader()
        // Small chunks for small bodies; at most some 256 chunks for a large one, so that one input stays fast.
        let chunkSize = max(chunkSize, Int(body.contentLength / 256))
        fuzzRequire(reader.contentLength == body.contentLength, "the reader's contentLength differs, \(context)")
        var produced = Data()
        do {
            while let chunk = try reader.next(maximumLength: chunkSize) {
                fuzzRequire(
                    !chunk.isEmpty && chunk.count <= chunkSize,
                    "a chunk of \(chunk.count) bytes for at most \(chunkSize), \(context)")
                produced.append(chunk)
            }
        } catch {
            checkLateBoundary(error, expected, "the reader in chunks of \(chunkSize)", context)
            return
        }
        fuzzRequire(
            whole != nil, "the reader in chunks of \(chunkSize) produced a body that data() refused, \(context)")
        fuzzRequire(produced == whole, "the reader in chunks of \(chunkSize) produced other bytes, \(context)")
        fuzzRequire(reader.bytesProduced == body.contentLength, "bytesProduced \(reader.bytesProduced), \(context)")
    }

    /// The body read back by the reference: exactly the parts given, none of them holding the boundary.
    func checkReadBack(_ body: [UInt8], boundary: [UInt8], _ expected: Expectation, _ context: String) {
        let parts: [MultipartReference.Part]
        do {
            parts = try MultipartReference.read(body, boundary: boundary)
        } catch {
            fuzzFailure("the body does not read back: \(error), \(context)")
        }
        fuzzRequire(
            parts.count == expected.parts.count,
            "\(parts.count) parts read back, \(expected.parts.count) given, \(context)")
        for (index, (read, given)) in zip(parts, expected.parts).enumerated() {
            var comparable = given
            // A reader strips the spaces and tabs around a header value (RFC 9110 §5.5).
            comparable.contentType = given.contentType.map { Array(MultipartReference.trimmed($0[...])) }
            fuzzRequire(read == comparable, "part \(index) reads back as \(read), given \(given), \(context)")
            for text in [read.name, read.filename ?? [], read.contentType ?? [], read.content] {
                fuzzRequire(
                    !MultipartReference.contains(text, boundary), "part \(index) holds the boundary, \(context)")
            }
        }
    }

    /// `.multipart(form)` in a request: the same body (or error) and the form's `Content-Type`.
    func checkRequest(_ form: MultipartForm, expected: Result<Data, any Error>, _ context: String) {
        let built: URLRequest
        do {
            built = try MultipartUpload(form: form).makeURLRequest()
        } catch {
            guard case .failure(let refusal) = expected else {
                fuzzFailure(
                    "makeURLRequest() threw \(String(reflecting: error)) for a body data() produces, \(context)")
            }
            fuzzRequire(
                String(reflecting: error) == String(reflecting: refusal),
                "makeURLRequest() threw \(String(reflecting: error)), encoding \(String(reflecting: refusal)), \(context)"
            )
            return
        }
        fuzzRequire(
            built.value(forHTTPHeaderField: "Content-Type") == form.contentType,
            "the request's Content-Type is \(String(reflecting: built.value(forHTTPHeaderField: "Content-Type"))), \(context)"
        )
        let sent: Data
        if let stream = built.httpBodyStream {
            // Only a form with files is streamed; its errors are the reader's, checked above.
            guard case .success = expected else { return }
            sent = Self.readAll(stream)
        } else {
            sent = built.httpBody ?? Data()
        }
        guard case .success(let whole) = expected else {
            fuzzFailure("makeURLRequest() built a body that data() refuses, \(context)")
        }
        fuzzRequire(
            sent == whole, "the request sends \(sent.count) other bytes than data()'s \(whole.count), \(context)")
    }

    static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 {
                fuzzRequire(count == 0, "the request's stream failed: \(String(describing: stream.streamError))")
                return data
            }
            data.append(contentsOf: buffer[..<count])
        }
    }
}

/// A request whose body is a form.
struct MultipartUpload: Request {
    let method: HTTPMethod = .post
    let host = TextHost(rawValue: "https://api.example.com")
    let path = "/upload"
    let form: MultipartForm
    var body: RequestBody? { .multipart(form) }
}

/// Fields whose names nest under every strategy, with keys and values from the fuzzer.
struct FormFields: Encodable, Sendable {
    var title: String
    var values: [String: String]
    var lists: [String: [String]]
    var flag: Bool?

    init(_ input: inout FuzzInput) {
        title = input.field() ?? ""
        values = [:]
        lists = [:]
        for _ in 0..<input.choice(4) {
            values[input.field() ?? ""] = input.field() ?? ""
        }
        for _ in 0..<input.choice(3) {
            lists[input.field() ?? ""] = (0..<input.choice(4)).map { _ in input.field() ?? "" }
        }
        flag = [nil, true, false][input.choice(3)]
    }
}
