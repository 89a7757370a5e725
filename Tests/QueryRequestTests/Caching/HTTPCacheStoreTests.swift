import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The memory and disk stores through their public API: budgets, least recently used first, persistence across
/// instances, and damaged or foreign files.
@Suite(.timeLimit(.minutes(5))) struct HTTPCacheStoreTests {
    static func response(_ body: String, bytes: Int = 0, status: Int = 200) -> CachedHTTPResponse {
        CachedHTTPResponse(
            url: URL(string: "https://api.example.com/x")!, statusCode: status,
            headers: ["Cache-Control": "max-age=60", "ETag": "\"e\""],
            body: Data(body.utf8) + Data(repeating: 0x2E, count: bytes), varyingRequestHeaders: ["accept": "a/b"],
            requestDate: Date(timeIntervalSince1970: 1_700_000_000.25),
            responseDate: Date(timeIntervalSince1970: 1_700_000_001.5))
    }

    /// A fresh empty directory, removed by `body`'s end.
    static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("http-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    // MARK: Memory

    @Test func theMemoryStoreEvictsTheLeastRecentlyUsedFirst() {
        let size = Self.response("a", bytes: 300).byteCount
        let store = MemoryHTTPCacheStore(byteLimit: size * 3)
        store.store(Self.response("a", bytes: 300), forKey: "a")
        store.store(Self.response("b", bytes: 300), forKey: "b")
        store.store(Self.response("c", bytes: 300), forKey: "c")
        #expect(store.response(forKey: "a") != nil)  // a is now more recent than b
        store.store(Self.response("d", bytes: 300), forKey: "d")
        #expect(store.response(forKey: "b") == nil)
        #expect(store.response(forKey: "a")?.body.first == UInt8(ascii: "a"))
        #expect(store.response(forKey: "c") != nil)
        #expect(store.response(forKey: "d") != nil)
        #expect(store.byteCount == size * 3)
    }

    @Test func theMemoryStoreRefusesAResponseLargerThanItsBudget() {
        let store = MemoryHTTPCacheStore(byteLimit: 1000)
        store.store(Self.response("small"), forKey: "k")
        store.store(Self.response("big", bytes: 2000), forKey: "k")
        #expect(store.response(forKey: "k") == nil, "the older response of the key went too")
        store.store(Self.response("small"), forKey: "other")
        #expect(store.response(forKey: "other") != nil)
        store.removeAll()
        #expect(store.response(forKey: "other") == nil)
        #expect(store.byteCount == 0)
    }

    // MARK: Disk

    @Test func theDiskStoreSurvivesANewInstance() throws {
        try Self.withDirectory { directory in
            let first = DiskHTTPCacheStore(directory: directory)
            first.store(Self.response("kept"), forKey: "https://api.example.com/x")
            let second = DiskHTTPCacheStore(directory: directory)
            #expect(second.response(forKey: "https://api.example.com/x") == Self.response("kept"))
            #expect(second.response(forKey: "https://api.example.com/y") == nil)
            #expect(second.byteCount == first.byteCount)
            #expect(Self.files(in: directory).count == 1, "one file, no temporary left")
        }
    }

    @Test func aDiskStoreReadsAFileAnotherStoreWroteAfterItLooked() throws {
        try Self.withDirectory { directory in
            let reader = DiskHTTPCacheStore(directory: directory)
            #expect(reader.byteCount == 0)
            DiskHTTPCacheStore(directory: directory).store(Self.response("late"), forKey: "k")
            #expect(reader.response(forKey: "k") == Self.response("late"))
            #expect(reader.byteCount > 0)
        }
    }

    @Test func theDiskStoreKeepsItsBudgetLeastRecentlyUsedFirst() throws {
        try Self.withDirectory { directory in
            let probe = DiskHTTPCacheStore(directory: directory)
            probe.store(Self.response("a", bytes: 500), forKey: "a")
            let fileSize = probe.byteCount
            probe.removeAll()
            let store = DiskHTTPCacheStore(directory: directory, byteLimit: fileSize * 2)
            store.store(Self.response("a", bytes: 500), forKey: "a")
            store.store(Self.response("b", bytes: 500), forKey: "b")
            #expect(store.response(forKey: "a") != nil)
            store.store(Self.response("c", bytes: 500), forKey: "c")
            #expect(store.response(forKey: "b") == nil)
            #expect(store.response(forKey: "a") != nil)
            #expect(store.response(forKey: "c") != nil)
            #expect(Self.files(in: directory).count == 2)
            store.store(Self.response("huge", bytes: fileSize * 2), forKey: "huge")
            #expect(store.response(forKey: "huge") == nil)
            #expect(Self.files(in: directory).count == 2)
        }
    }

    @Test func damagedAndForeignFilesAreMissesNeverCrashes() throws {
        try Self.withDirectory { directory in
            let store = DiskHTTPCacheStore(directory: directory)
            store.store(Self.response("x"), forKey: "one")
            let name = try #require(Self.files(in: directory).first)
            let file = directory.appendingPathComponent(name)
            let whole = try Data(contentsOf: file)
            // Foreign files, one named like the store's own, and a directory named like one.
            try Data("notes".utf8).write(to: directory.appendingPathComponent("notes.txt"))
            try Data("garbage".utf8).write(to: directory.appendingPathComponent("0123456789abcdef.httpcache"))
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("fedcba9876543210.httpcache"), withIntermediateDirectories: true)
            for damaged in [
                Data(), whole.prefix(10), whole.prefix(40), whole.dropLast(whole.count / 2), Data("{}".utf8),
            ] {
                try damaged.write(to: file)
                let fresh = DiskHTTPCacheStore(directory: directory)
                #expect(fresh.response(forKey: "one") == nil)
                #expect(!FileManager.default.fileExists(atPath: file.path), "a damaged file of its own is removed")
            }
            // A whole file for another key, under this key's name (as a hash collision would be), is not its.
            store.store(Self.response("two"), forKey: "two")
            let known = [name, "0123456789abcdef.httpcache", "fedcba9876543210.httpcache", "notes.txt"]
            let other = try #require(Self.files(in: directory).first { !known.contains($0) })
            try Data(contentsOf: directory.appendingPathComponent(other)).write(to: file)
            #expect(DiskHTTPCacheStore(directory: directory).response(forKey: "one") == nil)
            #expect(DiskHTTPCacheStore(directory: directory).response(forKey: "two") == Self.response("two"))

            DiskHTTPCacheStore(directory: directory).removeAll()
            #expect(Self.files(in: directory) == ["notes.txt"], "only the store's own files go")
        }
    }

    @Test func aDiskStoreThatCannotWriteDropsTheResponse() throws {
        try Self.withDirectory { directory in
            // A file where the directory should be: nothing can be written, nothing fails.
            try Data("in the way".utf8).write(to: directory)
            let store = DiskHTTPCacheStore(directory: directory)
            store.store(Self.response("x"), forKey: "k")
            #expect(store.response(forKey: "k") == nil)
            #expect(store.byteCount == 0)
        }
    }

    @Test func theMiddlewareServesFromADiskStoreAfterARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("http-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock()
        let session = StubNetworkSession(
            .init(headers: ["Cache-Control": "max-age=60", "Vary": "Accept"], body: Data("one".utf8)))
        let first = APIClient(
            session: session,
            middleware: [HTTPCacheMiddleware(store: DiskHTTPCacheStore(directory: directory), now: clock.reading)])
        #expect(try await first.send(CachedText(headers: ["Accept": "text/plain"])) == "one")
        clock.advance(by: 5)
        let second = APIClient(
            session: session,
            middleware: [HTTPCacheMiddleware(store: DiskHTTPCacheStore(directory: directory), now: clock.reading)])
        let served = try await second.response(for: CachedText(headers: ["Accept": "text/plain"]))
        #expect(served.value == "one")
        #expect(served.value(forHTTPHeaderField: "Age") == "5")
        #expect(session.requests.count == 1)
    }
}
