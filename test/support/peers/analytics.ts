// Loopback peers for the analytics plugin blocks. PostHog's capture API: `POST /batch/` (or `/capture/`) with
// `api_key` in the JSON body and `batch` events, answering `{ status: "Ok" }`, 401 for a key the project does not
// know. Segment's tracking API: `POST /v1/<type>` with the write key as Basic auth user, answering `{ success: true }`,
// 401 without it. Accepted events are kept in `events`.
import { startServicePeer, type ServicePeer } from '../servicePeer.js'

export type AnalyticsPeer = ServicePeer & { events: any[] }

export const startPosthogPeer = async (projectKey: string): Promise<AnalyticsPeer> => {
  const events: any[] = []
  const peer = await startServicePeer((req) => {
    if (req.method !== 'POST' || !['/batch/', '/capture/', '/batch', '/capture'].includes(req.path))
      return { status: 404, json: { detail: 'Not found' } }
    if (req.body?.api_key !== projectKey)
      return { status: 401, json: { type: 'authentication_error', code: 'invalid_api_key', detail: 'Project API key invalid.' } }
    const batch = req.path.startsWith('/batch') ? req.body.batch : [req.body]
    if (!Array.isArray(batch) || batch.some((e: any) => !e?.event || !e?.distinct_id))
      return { status: 400, json: { type: 'validation_error', detail: 'Invalid payload' } }
    events.push(...batch)
    return { json: { status: 'Ok' } }
  })
  return { ...peer, events }
}

export const startSegmentPeer = async (writeKey: string): Promise<AnalyticsPeer> => {
  const events: any[] = []
  const expected = `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`
  const peer = await startServicePeer((req) => {
    const type = /^\/v1\/(identify|track|page|screen|group|alias)$/.exec(req.path)?.[1]
    if (req.method !== 'POST' || !type) return { status: 404, json: { success: false, message: 'not found' } }
    if (req.headers.authorization !== expected) return { status: 401, json: { success: false, message: 'invalid write key' } }
    if (!req.body?.userId && !req.body?.anonymousId) return { status: 400, json: { success: false, message: 'userId or anonymousId is required' } }
    events.push({ type, ...req.body })
    return { json: { success: true } }
  })
  return { ...peer, events }
}
