// The few places where SQLite and PostgreSQL differ, named in one file.
export type Dialect = 'sqlite' | 'postgres'

/** True when a write failed on a unique constraint (both drivers' error codes). */
export const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: string } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** True when a write referenced a row that no longer exists (a bot or result deleted meanwhile). */
export const isForeignKeyViolation = (err: unknown): boolean => {
  const code = (err as { code?: string } | null)?.code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/** True when the database refused a write because another writer holds the lock (retrying is safe). */
export const isBusy = (err: unknown): boolean => {
  const code = (err as { code?: string } | null)?.code
  return code === 'SQLITE_BUSY' || code === '40001' || code === '40P01'
}
