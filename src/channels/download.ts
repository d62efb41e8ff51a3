// Reading a file a messaging app serves, never more than a limit: the body is read as it comes and dropped past it.
import { ChannelError } from './channel.js'

/** The body's bytes, or undefined when it is larger than `maxBytes` (announced or found while reading). */
export const readCapped = async (res: Response, maxBytes: number): Promise<Uint8Array | undefined> => {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel()
    return undefined
  }
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of res.body ?? []) {
      size += chunk.byteLength
      if (size > maxBytes) {
        await res.body?.cancel()
        return undefined
      }
      chunks.push(chunk)
    }
  } catch (err) {
    throw new ChannelError(`The file could not be read: ${(err as Error).message}`)
  }
  return Buffer.concat(chunks)
}
