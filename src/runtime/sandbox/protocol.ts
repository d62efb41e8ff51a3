// Shared-memory handshake between the server thread and a sandbox worker. `control[0]` holds the state below,
// `control[1]` the byte length of the JSON message in `data`.
// 0 (shared memory starts zeroed): the worker is still loading. It must not look idle: a request sent then would
// be overwritten by READY and lost.
/** The worker has loaded; the server thread turns this into IDLE before the first request. */
export const READY = 1
export const REQUEST = 2
export const RESPONSE = 3
/** The worker has picked the request up (the call's deadline runs from here). */
export const RUNNING = 4
export const IDLE = 5

export type SharedChannel = { control: SharedArrayBuffer; data: SharedArrayBuffer }
