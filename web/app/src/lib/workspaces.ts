// The signed-in user's workspaces and the one the page is in.
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { api } from './api.js'
import type { Workspace } from './types.js'

const LAST_WORKSPACE = 'parley:lastWorkspace'

export const useWorkspaces = () =>
  useQuery({ queryKey: ['workspaces'], queryFn: () => api.get<{ workspaces: Workspace[] }>('/v1/workspaces').then((r) => r.workspaces) })

export const rememberWorkspace = (id: string) => localStorage.setItem(LAST_WORKSPACE, id)
export const lastWorkspace = () => localStorage.getItem(LAST_WORKSPACE)

/** The workspace of the current page (from the URL) with the user's rights in it. */
export const useCurrentWorkspace = () => {
  const { workspaceId } = useParams()
  const list = useWorkspaces()
  const workspace = list.data?.find((w) => w.id === workspaceId)
  return { workspaceId: workspaceId!, workspace, canWrite: workspace?.currentUserMode === 'write', loading: list.isPending, error: list.error }
}
