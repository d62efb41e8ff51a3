// The error of a chat that cannot go on (app/chats.ts turns it into an AppError).
export class EngineError extends Error {
  constructor(
    readonly code: 'start_group_not_found' | 'bot_not_found' | 'block_not_found' | 'command_not_found' | 'state_version',
    message: string,
  ) {
    super(message)
  }
}
