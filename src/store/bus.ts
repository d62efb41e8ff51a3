// Tells the processes that share a database that a result's chat received a webhook delivery, so that those holding
// its clients' sockets send it on. Only the result id travels: listeners read the payload from the store. SQLite
// serves one process, so its bus stays inside it; PostgreSQL's goes through LISTEN/NOTIFY (dialect/postgres/bus.ts).

export type DeliveryListener = {
  /** A process published this result id. */
  delivered: (resultId: string) => void
  /** Messages may have been lost (the bus was disconnected): listeners check again every result they wait on. */
  missed: () => void
}

export interface DeliveryBus {
  publish(resultId: string): Promise<void>
  /** Listens until the returned function is called. */
  subscribe(listener: DeliveryListener): () => void
  close(): Promise<void>
}

/** The bus of a single process. */
export const localBus = (): DeliveryBus => {
  const listeners = new Set<DeliveryListener>()
  return {
    async publish(resultId) {
      // After the publisher's own work, as a message from another process would come.
      setImmediate(() => {
        for (const listener of listeners) listener.delivered(resultId)
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      listeners.clear()
    },
  }
}
