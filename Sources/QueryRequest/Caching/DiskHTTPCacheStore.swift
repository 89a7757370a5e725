import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An ``HTTPCacheStore`` in a directory, one file per response, within a byte budget: what it holds survives
/// the process, and a new store over the same directory finds it.
///
/// ```swift
/// let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
/// let store = DiskHTTPCacheStore(directory: caches.appendingPathComponent("api-responses"))
/// let client = APIClient(middleware: [HTTPCacheMiddleware(store: store)])
/// ```
///
/// - Files are named by the 64-bit FNV-1a hash of their key and hold the key itself, so two keys with one hash
///   never answer for each other. Each is written to a temporary file and renamed into place, so a reader sees a
///   whole file or none.
/// - The directory is made on the first write, readable by its owner only (responses may be private).
/// - The budget counts the files' sizes; the least recently used files go first (a read touches its file's
///   modification date, which is how a new store finds the order), and a response larger than the budget is
///   not stored.
/// - It never fails a request: a file that cannot be read, is cut short, or is not one of its own is a miss
///   (a damaged file of its own name is removed); a write that fails drops the response. Files of other names in
///   the directory are left alone.
/// - One store per directory in a process: its index of the files is kept in memory, under a lock that every read
///   and write holds. Two processes may share a directory (each write is atomic) but each counts the budget from
///   what it saw when it first read the directory.
public final class DiskHTTPCacheStore: HTTPCacheStore {
    /// The directory of the files.
    public let directory: URL
    /// The budget, in bytes of files.
    public let byteLimit: Int

    private struct Entry: Sendable {
        var size: Int
        /// Larger is more recent: a counter, not a clock, so that two uses never tie.
        var lastUse: UInt64
    }
    private struct Index: Sendable {
        var isLoaded = false
        var files: [String: Entry] = [:]
        var byteCount = 0
        var uses: UInt64 = 0
    }
    private let index = Locked(Index())

    /// What a file holds before the body, as JSON.
    private struct Header: Codable {
        var key: String
        var url: URL
        var statusCode: Int
        var headers: [String: String]
        var varyingRequestHeaders: [String: String]
        var requestDate: Double
        var responseDate: Double
    }

    /// The first bytes of every file: the format and its version.
    private static let magic = Data("QueryRequest-HTTPCache-1\n".utf8)
    private static let fileExtension = "httpcache"
    private static let temporaryExtension = "partial"

    /// A store in `directory` that holds at most `byteLimit` bytes of files (50 MiB by default).
    public init(directory: URL, byteLimit: Int = 50 * 1024 * 1024) {
        self.directory = directory
        self.byteLimit = byteLimit
    }

    /// The bytes of the store's files now (read from the directory on first use).
    public var byteCount: Int { index.withValue { loaded(&$0).byteCount } }

    /// The response stored for `key`, or `nil`.
    public func response(forKey key: String) -> CachedHTTPResponse? {
        let name = Self.fileName(forKey: key)
        return index.withValue { index -> CachedHTTPResponse? in
            loaded(&index)
            // Read even when the index does not know the file: another process may have written it since.
            let file = directory.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file), let (storedKey, response) = Self.decode(data) else {
                // Gone, or damaged (cut short by hand): a file of its own name that can never be read again.
                remove(name, from: &index)
                return nil
            }
            guard storedKey == key else { return nil }  // another key with the same hash
            if index.files[name] == nil {
                index.files[name] = Entry(size: data.count, lastUse: 0)
                index.byteCount += data.count
            }
            index.uses += 1
            index.files[name]?.lastUse = index.uses
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            return response
        }
    }

    /// Writes `response` to its file, then removes the least recently used files beyond the budget; a response
    /// whose file would be larger than the budget, or that cannot be written, is not stored (and the one stored
    /// for `key` is removed, being older).
    public func store(_ response: CachedHTTPResponse, forKey key: String) {
        let name = Self.fileName(forKey: key)
        guard let data = Self.encode(response, key: key) else { return }
        index.withValue { index in
            loaded(&index)
            // The old file stays until the new one is renamed over it, so a reader always finds one of them.
            if let old = index.files.removeValue(forKey: name) { index.byteCount -= old.size }
            guard data.count <= byteLimit, write(data, to: name) else {
                remove(name, from: &index)
                return
            }
            while index.byteCount + data.count > byteLimit,
                let oldest = index.files.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                remove(oldest.key, from: &index)
            }
            index.uses += 1
            index.files[name] = Entry(size: data.count, lastUse: index.uses)
            index.byteCount += data.count
        }
    }

    /// Removes the file of `key`.
    public func removeResponse(forKey key: String) {
        let name = Self.fileName(forKey: key)
        index.withValue { index in
            loaded(&index)
            remove(name, from: &index)
        }
    }

    /// Removes every file of the store's own naming; other files in the directory stay.
    public func removeAll() {
        index.withValue { index in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names where Self.isEntryName(name) || Self.isTemporaryName(name) {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
            index = Index(isLoaded: true, uses: index.uses)
        }
    }

    /// The file name of `key`: its hash and the store's extension.
    static func fileName(forKey key: String) -> String {
        FNV1a.hexHash64(key) + "." + fileExtension
    }

    /// Whether `name` is one of the store's entry files: 16 lowercase hexadecimal digits and its extension.
    private static func isEntryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[1] == fileExtension && parts[0].utf8.count == 16
            && parts[0].utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether `name` is a temporary file of the store's: an entry name, a unique part and its extension.
    private static func isTemporaryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[3] == temporaryExtension && isEntryName(parts[0] + "." + parts[1])
    }

    /// `index`, filled from the directory the first time: the entry files' sizes, ordered by modification date.
    /// Temporary files more than an hour old (a process that ended while writing) are removed.
    @discardableResult
    private func loaded(_ index: inout Index) -> Index {
        guard !index.isLoaded else { return index }
        index.isLoaded = true
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var found: [(name: String, size: Int, modified: Date)] = []
        for name in names {
            let path = directory.appendingPathComponent(name).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            if Self.isEntryName(name) {
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                found.append((name, size, modified))
            } else if Self.isTemporaryName(name), modified.timeIntervalSinceNow < -3600 {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        for file in found.sorted(by: { ($0.modified, $0.name) < ($1.modified, $1.name) }) {
            index.uses += 1
            index.files[file.name] = Entry(size: file.size, lastUse: index.uses)
            index.byteCount += file.size
        }
        return index
    }

    private func remove(_ name: String, from index: inout Index) {
        if let entry = index.files.removeValue(forKey: name) { index.byteCount -= entry.size }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }

    /// Writes `data` to a temporary file beside `name` and renames it into place; `false` if anything failed.
    private func write(_ data: Data, to name: String) -> Bool {
        let manager = FileManager.default
        if !manager.fileExists(atPath: directory.path) {
            try? manager.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let temporary = directory.appendingPathComponent(
            name + "." + UUID().uuidString.lowercased() + "." + Self.temporaryExtension)
        do {
            try data.write(to: temporary, options: .withoutOverwriting)
        } catch {
            return false
        }
        guard rename(temporary.path, directory.appendingPathComponent(name).path) == 0 else {
            try? manager.removeItem(at: temporary)
            return false
        }
        return true
    }

    /// A file's bytes: the magic line, the header's length (4 bytes, big-endian), the header as JSON, the body.
    private static func encode(_ response: CachedHTTPResponse, key: String) -> Data? {
        let header = Header(
            key: key, url: response.url, statusCode: response.statusCode, headers: response.headers,
            varyingRequestHeaders: response.varyingRequestHeaders,
            requestDate: response.requestDate.timeIntervalSince1970,
            responseDate: response.responseDate.timeIntervalSince1970)
        guard let json = try? JSONEncoder().encode(header), json.count <= Int(UInt32.max) else { return nil }
        var data = magic
        let length = UInt32(json.count)
        data.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) })
        data.append(json)
        data.append(response.body)
        return data
    }

    /// The key and response of a file's bytes, or `nil` when they are not a whole file of this format.
    private static func decode(_ data: Data) -> (String, CachedHTTPResponse)? {
        let start = data.startIndex
        let headerStart = start + magic.count + 4
        guard data.count >= magic.count + 4, data[start..<start + magic.count] == magic else { return nil }
        let length = data[(start + magic.count)..<headerStart].reduce(0) { $0 << 8 | Int($1) }
        guard length <= data.endIndex - headerStart,
            let header = try? JSONDecoder().decode(Header.self, from: data[headerStart..<headerStart + length]),
            (100...999).contains(header.statusCode), header.requestDate.isFinite, header.responseDate.isFinite
        else { return nil }
        let response = CachedHTTPResponse(
            url: header.url, statusCode: header.statusCode, headers: header.headers,
            body: Data(data[(headerStart + length)...]), varyingRequestHeaders: header.varyingRequestHeaders,
            requestDate: Date(timeIntervalSince1970: header.requestDate),
            responseDate: Date(timeIntervalSince1970: header.responseDate))
        return (header.key, response)
    }
}
