// The server's real guarded HTTP client for kind tests, with loopback allowed (as tests set HTTP_REQUEST_ALLOWLIST)
// so blocks reach local peers; everything else (metadata addresses, private networks) is still refused.
import { createHttpClient } from '../../src/runtime/http.js'
import { parseAllowlist } from '../../src/runtime/ssrf.js'

export const loopbackHttpRequest = createHttpClient(parseAllowlist('127.0.0.1'))
