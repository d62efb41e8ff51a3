// better-sqlite3's error codes (extended result codes).
const code = (err: unknown) => (err as { code?: string } | null)?.code

export const isUniqueViolation = (err: unknown): boolean => {
  const c = code(err)
  return c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

export const isForeignKeyViolation = (err: unknown): boolean => code(err) === 'SQLITE_CONSTRAINT_FOREIGNKEY'

/** Another connection (another process) holds the write lock beyond the busy timeout. */
export const isBusy = (err: unknown): boolean => code(err) === 'SQLITE_BUSY'
