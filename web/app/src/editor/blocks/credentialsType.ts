// Which credentials a block reads: the type its `credentialsId` (or `proxyCredentialsId`) must point at, so the
// picker offers only those (lib/credentialTypes.ts lists the types). The block's card names its type.
import { cardOf } from '../../../../../src/blocks/cards.js'

/** The credential type a block's `key` option names (undefined: any type). */
export const credentialsTypeFor = (blockType: string, key: string): string | undefined =>
  key === 'proxyCredentialsId' ? 'http proxy' : cardOf(blockType)?.credentialsType
