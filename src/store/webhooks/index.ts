// Outgoing webhooks in the store (docs/webhooks.md), one object for callers: subscriptions and their secrets, the
// outbox of events, deliveries and their leases, and retention.
import type { Kysely } from 'kysely'
import type { Cipher } from '../../lib/secrets.js'
import type { DialectAdapter } from '../dialect/adapter.js'
import type { Database } from '../tables.js'
import { deliveries } from './deliveries.js'
import { outbox } from './outbox.js'
import { retention } from './retention.js'
import { webhookSecrets } from './secrets.js'
import { subscriptions } from './subscriptions.js'

export type { ClaimedDelivery, Delivery, DeliveryStatus, Settlement } from './deliveries.js'
export type { Webhook } from './subscriptions.js'

export const webhooks = (db: Kysely<Database>, adapter: DialectAdapter, cipher: Cipher | undefined) => {
  const secrets = webhookSecrets(cipher)
  return { ...subscriptions(db, secrets), ...outbox(db, adapter), ...deliveries(db, adapter, secrets), ...retention(db) }
}
