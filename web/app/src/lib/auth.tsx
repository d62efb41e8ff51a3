// Who is signed in, read from /v1/auth/status; pages call `refresh` after signing in or out.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react'
import { useNavigate } from 'react-router'
import { switchLanguage } from '../i18n/language.js'
import { api, setCsrfToken, whenSignedOut } from './api.js'
import type { AuthStatus } from './types.js'

type Auth = { status: AuthStatus | undefined; error: Error | null; refresh: () => Promise<void> }
const AuthContext = createContext<Auth>({ status: undefined, error: null, refresh: async () => {} })

export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const client = useQueryClient()
  const navigate = useNavigate()
  const query = useQuery({
    queryKey: ['auth'],
    queryFn: async () => {
      const status = await api.get<AuthStatus>('/v1/auth/status')
      setCsrfToken(status.csrfToken ?? undefined)
      return status
    },
    staleTime: Number.POSITIVE_INFINITY,
  })
  useEffect(() => {
    whenSignedOut(() => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' })
      void client.invalidateQueries({ queryKey: ['auth'] })
      navigate('/signin?expired=1')
    })
  }, [client, navigate])
  // A signed-in user's choice (or none: their browser's) sets the language; signed out, the last one stays.
  const user = query.data?.user
  const language = user ? user.language : undefined
  useEffect(() => {
    if (language !== undefined) void switchLanguage(language)
  }, [language])
  const refresh = useCallback(async () => {
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' })
    await client.refetchQueries({ queryKey: ['auth'] })
  }, [client])
  const value = useMemo(() => ({ status: query.data, error: query.error, refresh }), [query.data, query.error, refresh])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export const useAuth = () => useContext(AuthContext)
