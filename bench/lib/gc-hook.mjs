// Preloaded into server processes under test (node --expose-gc --import): answers `{ type: "memory" }` over the
// IPC channel with the RSS after two full garbage collections. Does nothing without an IPC channel.
if (process.send) {
  process.on('message', (message) => {
    if (message?.type !== 'memory') return
    globalThis.gc?.()
    globalThis.gc?.()
    const { rss, heapUsed } = process.memoryUsage()
    process.send({ type: 'memory', rss, heapUsed })
  })
  // The channel must not keep a server alive that is otherwise shutting down.
  process.channel?.unref()
}
