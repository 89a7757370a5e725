import Foundation
import MultipartKit
import OpenAPIRuntime
import QueryRequest

/// One implementation doing one job once per call; returns a number that depends on the result, so that
/// the optimiser cannot drop the work.
struct Workload: Sendable {
    let name: String
    /// Bytes the job produces or reads, for MB/s.
    let bytes: Int
    /// Events parsed, for events/s (0 for multipart).
    let events: Int
    let run: @Sendable () async throws -> Int
}

let boundary = "qr-0123456789abcdefghijklmnopqrstuvwxyzABCD"

func makeWorkloads(_ inputs: Inputs) throws -> [Workload] {
    var fileForm = try MultipartForm(boundary: boundary)
    fileForm.append(.file(name: "file", filename: "big.bin", contentsOf: inputs.fileURL))
    let fileBodyLength = Int(try fileForm.encode().contentLength)
    let diskForm = fileForm
    var fieldsForm = try MultipartForm(boundary: boundary)
    fieldsForm.appendFields(inputs.fields)
    let fieldsLength = try fieldsForm.encode().data().count
    let fileBytes = inputs.fileBytes
    let fields = inputs.fields

    var headers = HTTPHeaders()
    headers.add(name: "Content-Disposition", value: "form-data; name=\"file\"; filename=\"big.bin\"")
    headers.add(name: "Content-Type", value: "application/octet-stream")
    let kitHeaders = headers

    let stream = inputs.stream
    let streamBytes = Array(stream)
    return [
        // A file from disk, produced in 256 KiB chunks (what an upload reads), with the boundary search.
        Workload(name: "ours-file-from-disk", bytes: fileBodyLength, events: 0) {
            let reader = try diskForm.encode().makeReader()
            var total = 0
            while let chunk = try reader.next(maximumLength: 256 * 1024) { total &+= chunk.count }
            return total
        },
        // The same file from memory, made into one contiguous body.
        Workload(name: "ours-file-from-memory", bytes: fileBodyLength, events: 0) {
            var form = try MultipartForm(boundary: boundary)
            form.append(.file(name: "file", filename: "big.bin", data: fileBytes.data))
            return try form.encode().data().count
        },
        // MultipartKit serialises parts held in memory into one ByteBuffer.
        Workload(name: "multipartkit-file-from-memory", bytes: fileBodyLength, events: 0) {
            // The part's bytes in a ByteBuffer (made once; MultipartKit takes parts in memory only).
            let part = MultipartPart(headers: kitHeaders, body: fileBytes.buffer)
            var buffer = ByteBuffer()
            try MultipartSerializer().serialize(parts: [part], boundary: boundary, into: &buffer)
            return buffer.readableBytes
        },
        Workload(name: "ours-1000-fields", bytes: fieldsLength, events: 0) {
            var form = try MultipartForm(boundary: boundary)
            form.appendFields(fields)
            return try form.encode().data().count
        },
        Workload(name: "query-encoder-1000-items", bytes: fieldsLength, events: 0) {
            try QueryEncoder().encode(fields).count
        },
        Workload(name: "multipartkit-1000-fields", bytes: fieldsLength, events: 0) {
            var buffer = ByteBuffer()
            try FormDataEncoder().encode(fields, boundary: boundary, into: &buffer)
            return buffer.readableBytes
        },
        Workload(name: "ours-sse", bytes: stream.count, events: inputs.eventCount) {
            var count = 0
            for try await event in QueryRequest.ServerSentEvents(Chunks(data: stream, size: Inputs.chunkSize)) {
                count &+= event.data.utf8.count
            }
            return count
        },
        Workload(name: "ours-sse-parser", bytes: stream.count, events: inputs.eventCount) {
            var parser = ServerSentEventParser()
            var count = 0
            var offset = 0
            while offset < stream.count {
                let end = min(offset + Inputs.chunkSize, stream.count)
                parser.parse(stream[offset..<end]) { count &+= $0.data.utf8.count }
                offset = end
            }
            return count
        },
        Workload(name: "ours-sse-slices", bytes: stream.count, events: inputs.eventCount) {
            var count = 0
            for try await event in QueryRequest.ServerSentEvents(
                SliceChunks(bytes: streamBytes, size: Inputs.chunkSize))
            {
                count &+= event.data.utf8.count
            }
            return count
        },
        Workload(name: "openapi-sse-slices", bytes: stream.count, events: inputs.eventCount) {
            var count = 0
            for try await event in SliceChunks(bytes: streamBytes, size: Inputs.chunkSize).asDecodedServerSentEvents() {
                count &+= event.data?.utf8.count ?? 0
            }
            return count
        },
    ]
}

extension FileBytes {
    /// The file's bytes as a ByteBuffer, made once.
    var buffer: ByteBuffer {
        if let made = FileBytes.buffers[url] { return made }
        let made = ByteBuffer(bytes: data)
        FileBytes.buffers[url] = made
        return made
    }

    /// Only the benchmark's main task reads it.
    nonisolated(unsafe) static var buffers: [URL: ByteBuffer] = [:]
}
