import { notifications } from '@mantine/notifications'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../components/states.js'
import { api } from '../../lib/api.js'

/** Reads the chosen or dropped files and imports them in one request, so links between them are kept. */
export const useImport = (workspaceId: string, folderId: string | null, done: () => Promise<unknown>) => {
  const { t } = useTranslation()
  const ref = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const run = async (files: File[]) => {
    setBusy(true)
    try {
      const bots: unknown[] = []
      for (const file of files) {
        try {
          bots.push(JSON.parse(await file.text()))
        } catch {
          throw new Error(t('{{file}} is not a Typebot export (it is not valid JSON).', { file: file.name }))
        }
      }
      const { bots: imported } = await api.post<{ bots: { id: string; name: string }[] }>('/v1/bots/importMany', {
        workspaceId,
        folderId: folderId ?? undefined,
        bots,
      })
      await done()
      notifications.show({
        color: 'green',
        // English: "Bot imported" for one (the `_one` form in en.json).
        title: t('{{count}} bots imported', { count: imported.length }),
        message: imported.map((b) => b.name).join(', '),
      })
    } catch (err) {
      notifications.show({ color: 'red', title: t('Import failed'), message: errorMessage(err), autoClose: false })
    } finally {
      setBusy(false)
      if (ref.current) ref.current.value = ''
    }
  }
  const input = (
    <input
      ref={ref}
      type="file"
      accept=".json,application/json"
      multiple
      hidden
      aria-label={t('Typebot export files')}
      data-testid="import-input"
      onChange={(e) => e.currentTarget.files?.length && void run([...e.currentTarget.files])}
    />
  )
  return { input, busy, run, pick: () => ref.current?.click() }
}
