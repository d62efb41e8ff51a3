// Starting the chats a load generator's connections drive (loadgen.ts with fetch, rawload.ts with node:http).
/**
 * The chats the connections drive, started 8 at a time before the run (fixed ids in `fixed` mode); `startOne` starts
 * one through the generator's own client and answers its session id.
 */
export const startChats = async (options: { connections: number; mode?: string }, startOne: () => Promise<string>): Promise<string[]> => {
  if (options.mode === 'fixed') return Array.from({ length: options.connections }, (_, i) => `fixed-session-${String(i).padStart(20, '0')}`)
  const ids: string[] = []
  for (let i = 0; i < options.connections; i += 8)
    ids.push(...(await Promise.all(Array.from({ length: Math.min(8, options.connections - i) }, startOne))))
  return ids
}
