import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AsyncHTTPClientSession {
    /// The `URLError` that `URLSession` would have thrown for `error`, so that `APIClient` retries and
    /// reports it the same way; the original error is kept as `NSUnderlyingErrorKey`.
    static func urlError(for error: any Error, url: URL?) -> URLError {
        if let error = error as? URLError {
            guard error.failingURL == nil, let url else { return error }
            var info = error.userInfo
            info[NSURLErrorFailingURLErrorKey] = url
            return URLError(error.code, userInfo: info)
        }
        var info: [String: Any] = [NSUnderlyingErrorKey: error]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(code(for: error), userInfo: info)
    }

    /// The `URLError` code for an error of AsyncHTTPClient, SwiftNIO or the task.
    static func code(for error: any Error) -> URLError.Code {
        switch error {
        case is CancellationError:
            return .cancelled
        case let error as HTTPClientError:
            return code(for: error)
        case is NIOTooManyBytesError:
            return .dataLengthExceedsMaximum
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return .cannotFindHost
            }
            return error.connectionErrors.first.map { connectionCode(for: $0.error) } ?? .cannotConnectToHost
        case let error as IOError:
            return code(forErrno: error.errnoCode)
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timedOut
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: return .networkConnectionLost
            default: return .unknown
            }
        case is SocketAddressError:
            return .cannotFindHost
        case is NIOSSLError, is BoringSSLError:
            return .secureConnectionFailed
        default:
            return .unknown
        }
    }

    private static func code(for error: HTTPClientError) -> URLError.Code {
        switch error {
        case .cancelled, .requestStreamCancelled:
            .cancelled
        case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout,
            .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            .timedOut
        case .remoteConnectionClosed:
            .networkConnectionLost
        case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
            .badURL
        case .redirectLimitReached, .redirectCycleDetected:
            .httpTooManyRedirects
        case .bodyLengthMismatch, .contentLengthMissing, .identityCodingIncorrectlyPresent,
            .invalidProxyResponse:
            .badServerResponse
        default:
            .unknown
        }
    }

    private static func connectionCode(for error: any Error) -> URLError.Code {
        if let error = error as? IOError { return code(forErrno: error.errnoCode) }
        return .cannotConnectToHost
    }

    private static func code(forErrno errno: Int32) -> URLError.Code {
        switch errno {
        case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EADDRNOTAVAIL: .cannotConnectToHost
        case ETIMEDOUT: .timedOut
        case ECONNRESET, EPIPE, ECONNABORTED: .networkConnectionLost
        default: .unknown
        }
    }
}
