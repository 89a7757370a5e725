/// Makes concurrent 401s share one refresh.
///
/// Each attempt notes the ``generation`` before it asks for a token. A 401 whose attempt started
/// before the latest refresh finished just uses that refresh's token; otherwise it joins the refresh
/// in flight, or starts one.
actor TokenRefresher {
    /// How many refreshes have finished.
    private(set) var generation = 0
    private var latestToken: String?
    private var inFlight: Task<String, any Error>?

    /// A token newer than the one an attempt of `attemptGeneration` was sent with.
    func refreshedToken(after attemptGeneration: Int, using provider: any TokenProvider) async throws -> String {
        if attemptGeneration < generation, let latestToken { return latestToken }
        if let inFlight { return try await inFlight.value }
        let task = Task { try await provider.refreshToken() }
        inFlight = task
        do {
            let token = try await task.value
            inFlight = nil
            latestToken = token
            generation += 1
            return token
        } catch {
            inFlight = nil
            throw error
        }
    }
}
