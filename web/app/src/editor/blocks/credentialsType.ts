// Which credentials a block reads: the type its `credentialsId` (or `proxyCredentialsId`) must point at, so the
// picker offers only those (lib/credentialTypes.ts lists the types).
import { forgeType } from './forge.js'

const builtIn: Record<string, string> = {
  OpenAI: 'openai',
  Email: 'smtp',
  'Google Sheets': 'google sheets',
  'payment input': 'stripe',
}

/** The credential type a block's `key` option names (undefined: any type). */
export const credentialsTypeFor = (blockType: string, key: string): string | undefined =>
  key === 'proxyCredentialsId' ? 'http proxy' : (builtIn[blockType] ?? forgeType(blockType)?.credentialsType)
