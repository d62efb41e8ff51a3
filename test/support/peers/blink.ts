// A loopback Blink v2 API for tests (bearer app token, 401 otherwise): `GET /v2/user` lists users, filtered by
// `userId` or `employeeId`, as `{ data: [...] }`; `POST /v2/feed/events` checks the card (sections, recipients)
// and answers `{ data: { event_id } }`. `HEAD /files/<name>` describes a downloadable file for attachment sections.
import { startServicePeer, type ServicePeer } from '../servicePeer.js'

export type BlinkPeer = ServicePeer & { events: any[] }

export const BLINK_USERS = [
  { id: 'u-1', employee_id: 'E1', email: 'ada@example.org', first_name: 'Ada', job_title: 'Engineer' },
  { id: 'u-2', employee_id: 'E2', email: 'alan@example.org', first_name: 'Alan', job_title: 'Scientist' },
]

export const startBlinkPeer = async (token: string): Promise<BlinkPeer> => {
  const events: any[] = []
  const peer = await startServicePeer((req) => {
    if (req.method === 'HEAD' && req.path.startsWith('/files/'))
      return { headers: { 'content-type': 'application/pdf', 'content-length': '2048', 'content-disposition': 'attachment; filename="report.pdf"' } }
    if (req.headers.authorization !== `Bearer ${token}`)
      return { status: 401, json: { error: 'invalid_token', message: 'The access token is invalid' } }
    if (req.method === 'GET' && req.path === '/v2/user') {
      const [userId, employeeId] = [req.query.get('userId'), req.query.get('employeeId')]
      return { json: { data: BLINK_USERS.filter((u) => (!userId || u.id === userId) && (!employeeId || u.employee_id === employeeId)) } }
    }
    if (req.method === 'POST' && req.path === '/v2/feed/events') {
      const body = req.body
      if (!Array.isArray(body?.body?.sections) || !body.body.sections.length) return { status: 422, json: { message: 'body.sections is required' } }
      if (!body.user_ids?.length && !body.group_ids?.length) return { status: 422, json: { message: 'user_ids or group_ids is required' } }
      events.push(body)
      return { status: 201, json: { data: { event_id: `ev-${events.length}` } } }
    }
    return { status: 404, json: { message: 'not found' } }
  })
  return { ...peer, events }
}
