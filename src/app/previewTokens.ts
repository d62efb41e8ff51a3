// Preview tokens: what the editor's preview holds instead of the builder's session. The preview runs the bot's own
// code (Script blocks, embeds) in a frame on the user-content origin, where that code can read whatever the frame
// holds; so the frame gets a token that can do no more than the preview itself: start chats on the one draft the
// builder signed it for (a preview snapshot), and drive the preview sessions it started. It reaches no workspace, no
// other bot and no other draft, and dies after PREVIEW_TOKEN_TTL_MS. Stateless: HMAC-signed with a key every
// process of the installation derives alike (see server.ts).
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PreviewGrant } from '../store/accounts.js'

export const PREVIEW_TOKEN_PREFIX = 'pv_'
export const PREVIEW_TOKEN_TTL_MS = 2 * 60 * 60_000

export type PreviewClaim = PreviewGrant & { userId: string }

export const createPreviewTokens = ({ secret, now = Date.now }: { secret: string | Buffer; now?: () => number }) => {
  const key = createHmac('sha256', secret).update('parley preview tokens').digest()
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

  return {
    issue(claim: PreviewClaim): { token: string; expiresAt: string } {
      const expires = now() + PREVIEW_TOKEN_TTL_MS
      const payload = Buffer.from(JSON.stringify([claim.userId, claim.botId, claim.snapshotId, expires])).toString('base64url')
      return { token: `${PREVIEW_TOKEN_PREFIX}${payload}.${sign(payload)}`, expiresAt: new Date(expires).toISOString() }
    },

    /** The claim of an intact, unexpired token; undefined otherwise. */
    verify(token: string): PreviewClaim | undefined {
      if (!token.startsWith(PREVIEW_TOKEN_PREFIX) || token.length > 1024) return undefined
      const [payload, signature = ''] = token.slice(PREVIEW_TOKEN_PREFIX.length).split('.')
      const expected = Buffer.from(sign(payload))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      try {
        const [userId, botId, snapshotId, expires] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
        if (typeof expires !== 'number' || expires <= now()) return undefined
        return { userId: String(userId), botId: String(botId), snapshotId: String(snapshotId) }
      } catch {
        return undefined
      }
    },
  }
}

export type PreviewTokens = ReturnType<typeof createPreviewTokens>
