// A loopback Google for Gmail tests. `POST /token` is the OAuth token endpoint (form-encoded refresh_token grant
// with the client's id and secret; `invalid_grant` otherwise) issuing access tokens. Under `/gmail/v1/users/me`
// with a bearer token it issued: `GET /profile`, `POST /messages/send` (`{ raw, threadId? }`: the base64url
// RFC 822 message, kept decoded in `sent`; answers `{ id, threadId, labelIds }`), `POST /messages/{id}/modify`
// (unknown labels refused as Gmail does).
import { startServicePeer, type ServicePeer } from '../servicePeer.js'

export type GmailPeer = ServicePeer & { sent: { raw: string; threadId?: string; labels: string[] }[]; tokensIssued: number }

export const startGmailPeer = async (
  client: { id: string; secret: string; refreshToken: string },
  address = 'bot@example.org',
): Promise<GmailPeer> => {
  const sent: GmailPeer['sent'] = []
  const tokens = new Set<string>()
  const state = { tokensIssued: 0 }
  const peer = await startServicePeer((req) => {
    if (req.path === '/token' && req.method === 'POST') {
      const b = req.body ?? {}
      if (b.client_id !== client.id || b.client_secret !== client.secret)
        return { status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } }
      if (b.grant_type !== 'refresh_token' || b.refresh_token !== client.refreshToken)
        return { status: 400, json: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } }
      const token = `ya29.token-${++state.tokensIssued}`
      tokens.add(token)
      return { json: { access_token: token, expires_in: 3599, scope: 'https://www.googleapis.com/auth/gmail.modify', token_type: 'Bearer' } }
    }
    const api = /^\/gmail\/v1\/users\/me(\/.*)$/.exec(req.path)?.[1]
    if (!api) return { status: 404, json: { error: { code: 404, message: 'Not Found' } } }
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
      return { status: 401, json: { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } } }
    if (api === '/profile' && req.method === 'GET') return { json: { emailAddress: address, messagesTotal: 0, threadsTotal: 0, historyId: '1' } }
    if (api === '/messages/send' && req.method === 'POST') {
      if (typeof req.body?.raw !== 'string' || /[+/=]/.test(req.body.raw))
        return { status: 400, json: { error: { code: 400, message: "Invalid value for ByteString: the 'raw' field is not base64url" } } }
      const raw = Buffer.from(req.body.raw, 'base64url').toString('utf8')
      if (!/^To: /m.test(raw)) return { status: 400, json: { error: { code: 400, message: 'Recipient address required' } } }
      sent.push({ raw, threadId: req.body.threadId, labels: [] })
      const id = `msg-${sent.length}`
      return { json: { id, threadId: req.body.threadId ?? `thread-${sent.length}`, labelIds: ['SENT'] } }
    }
    const modify = /^\/messages\/msg-(\d+)\/modify$/.exec(api)
    if (modify && req.method === 'POST') {
      const message = sent[Number(modify[1]) - 1]
      const labels: string[] = req.body?.addLabelIds ?? []
      const unknown = labels.find((l) => !l.startsWith('Label_'))
      if (!message) return { status: 404, json: { error: { code: 404, message: 'Requested entity was not found.' } } }
      if (unknown) return { status: 400, json: { error: { code: 400, message: `Invalid label: ${unknown}` } } }
      message.labels.push(...labels)
      return { json: { id: `msg-${modify[1]}`, labelIds: ['SENT', ...message.labels] } }
    }
    return { status: 404, json: { error: { code: 404, message: 'Not Found' } } }
  })
  return Object.defineProperty({ ...peer, sent, tokensIssued: 0 }, 'tokensIssued', { get: () => state.tokensIssued })
}
