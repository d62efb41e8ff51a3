// PostgreSQL's SQLSTATE codes, as pg reports them.
const code = (err: unknown) => (err as { code?: string } | null)?.code

export const isUniqueViolation = (err: unknown): boolean => code(err) === '23505'

export const isForeignKeyViolation = (err: unknown): boolean => code(err) === '23503'

/** A serialization failure or a deadlock: the server aborted the transaction, which can run again. */
export const isBusy = (err: unknown): boolean => {
  const c = code(err)
  return c === '40001' || c === '40P01'
}
