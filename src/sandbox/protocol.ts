// Shared-memory handshake between the server thread and a sandbox worker. `control[0]` holds the state below,
// `control[1]` the byte length of the JSON message in `data`.
export const IDLE = 0
export const READY = 1
export const REQUEST = 2
export const RESPONSE = 3

export type SharedChannel = { control: SharedArrayBuffer; data: SharedArrayBuffer }
