import LoadFixtures
import QueryRequestVapor
import Vapor

// GET /ours and /theirs decode the typical query; POST /ours and /theirs the same fields as a form body.
// "ours" reads through QueryRequestVapor, "theirs" through Vapor's `URLEncodedFormDecoder`.
let ours = VaporQueryDecoder(bracketsDecoder)
let theirs = URLEncodedFormDecoder()

var environment = Environment.production
environment.arguments = ["serve"]
let app = try await Application.make(environment)
app.logger.logLevel = .error
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = port(default: 8181)

app.get("ours") { request in try ours.decode(Typical.self, from: request.url).summary }
app.get("theirs") { request in try theirs.decode(Typical.self, from: request.url).summary }
app.post("ours") { request in
    try ours.decode(Typical.self, from: request.body.data ?? ByteBuffer(), headers: request.headers).summary
}
app.post("theirs") { request in
    try theirs.decode(Typical.self, from: request.body.data ?? ByteBuffer(), headers: request.headers).summary
}

do {
    try await app.execute()
} catch {
    app.logger.report(error: error)
    try? await app.asyncShutdown()
    throw error
}
try await app.asyncShutdown()
