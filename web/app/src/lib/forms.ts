// Small helpers shared by forms: run a request, keep its error for display, and tell whether it is running.
import { useState } from 'react'
import { errorMessage } from '../components/states.js'

export const useSubmit = <A extends unknown[]>(action: (...args: A) => Promise<void>) => {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (...args: A) => {
    setBusy(true)
    setError(null)
    try {
      await action(...args)
    } catch (err) {
      setError(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  return { submit, error, busy, setError }
}

/** Where to go after signing in: only a path on this site (as the server's check: no `//`, `/\\` or control characters). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
export const safeNext = (next: string | null) => (next && /^\/(?![/\\])[^\x00-\x1f\x7f]*$/.test(next) ? next : '/')
