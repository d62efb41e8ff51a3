// The rooms Typebot's embed client listens in while its chat waits on a webhook block: one per result, joined with
// the result's client key (the `resultId` startChat answered). A delivery (chats.deliverWebhook) reaches every
// member as one text frame `{"data": <payload>}`, the reply the client sends back; a member that joins after the
// delivery gets it at once. Processes learn of deliveries made elsewhere through the store's bus.
import { hashToken } from '../lib/ids.js'
import type { Store } from '../store/index.js'
import type { ChatsApp } from './chats.js'

/** A client's socket, as the rooms see it. */
export type RoomMember = { send: (text: string) => void }

/** A room's members, each with the id of the last delivery it was sent. */
type Room = Map<RoomMember, string | undefined>

export type WebhookRooms = {
  /**
   * Adds a socket to the room of the result whose client key this is (an unknown key joins nothing: the socket
   * stays silent). Answers the function that removes it, and when the joining is done.
   */
  join: (key: string, member: RoomMember) => { leave: () => void; joined: Promise<void> }
  close: () => void
}

export const createWebhookRooms = ({ store, chats }: { store: Pick<Store, 'chats' | 'bus'>; chats: Pick<ChatsApp, 'pendingDelivery'> }) => ({
  /** Opens the rooms of this process; `onError` hears failures of work no request waits for. */
  open(onError: (err: unknown) => void): WebhookRooms {
    const rooms = new Map<string, Room>()

    /** Sends the result's pending delivery to the members that have not had it (each gets a delivery once). */
    const flush = async (resultId: string) => {
      const room = rooms.get(resultId)
      if (!room) return
      // Read again each time: the session the result's chat is on changes when its client restarts it.
      const result = await store.chats.resultRef({ id: resultId })
      const delivery = result && (await chats.pendingDelivery(result))
      if (!delivery) return
      const frame = JSON.stringify({ data: delivery.payload })
      for (const [member, last] of room) {
        if (last === delivery.id) continue
        room.set(member, delivery.id)
        member.send(frame)
      }
    }
    const flushSafely = (resultId: string) => flush(resultId).catch(onError)

    const unsubscribe = store.bus.subscribe({
      delivered: (resultId) => void flushSafely(resultId),
      missed: () => {
        for (const resultId of rooms.keys()) void flushSafely(resultId)
      },
    })

    return {
      join(key, member) {
        let active = true
        let resultId: string | undefined
        const joined = (async () => {
          const result = await store.chats.resultRef({ clientKeyHash: hashToken(key) })
          if (!active || !result) return
          resultId = result.id
          let room = rooms.get(result.id)
          if (!room) rooms.set(result.id, (room = new Map()))
          room.set(member, undefined)
          await flush(result.id)
        })()
        const leave = () => {
          active = false
          const room = resultId === undefined ? undefined : rooms.get(resultId)
          if (!room) return
          room.delete(member)
          if (room.size === 0) rooms.delete(resultId!)
        }
        return { leave, joined }
      },
      close() {
        unsubscribe()
        rooms.clear()
      },
    }
  },
})

export type WebhookRoomsApp = ReturnType<typeof createWebhookRooms>
