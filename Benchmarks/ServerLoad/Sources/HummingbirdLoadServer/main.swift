import Hummingbird
import LoadFixtures
import Logging
import QueryRequestHummingbird

// GET /ours and /theirs decode the typical query; POST /ours and /theirs the same fields as a form body.
// "ours" reads through QueryRequestHummingbird, "theirs" through Hummingbird's `URLEncodedFormDecoder`.
let ours = FormRequestDecoder(bracketsDecoder)
let theirs = URLEncodedFormDecoder()

let router = Router()
router.get("ours") { request, _ in try request.uri.decodeQuery(as: Typical.self, using: bracketsDecoder).summary }
router.get("theirs") { request, context in try request.uri.decodeQuery(as: Typical.self, context: context).summary }
router.post("ours") { request, context in try await ours.decode(Typical.self, from: request, context: context).summary }
router.post("theirs") { request, context in
    try await theirs.decode(Typical.self, from: request, context: context).summary
}

var logger = Logger(label: "HummingbirdLoadServer")
logger.logLevel = .error
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port(default: 8182))),
    logger: logger)
try await app.runService()
