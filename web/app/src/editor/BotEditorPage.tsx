// The flow editor: the bot's canvas with the block palette, a side panel (block settings, variables, checks,
// preview), the theme and settings editors, autosave and publishing. Guests get the same views, read-only.
import { ActionIcon, Badge, Box, Button, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { IconArrowBackUp, IconArrowForwardUp, IconChevronLeft, IconListCheck, IconPlayerPlay, IconVariable } from '@tabler/icons-react'
import { ReactFlowProvider, useReactFlow } from '@xyflow/react'
import type { TFunction } from 'i18next'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { errorMessage } from '../components/states.js'
import { api } from '../lib/api.js'
import { botStatus } from '../lib/bots.js'
import { BlockPalette } from './blocks/BlockPalette.js'
import { createBlock } from './blocks/catalog.js'
import { pickLanguage } from '../../../../src/contract/languages.js'
import { EditorCanvas } from './canvas/EditorCanvas.js'
import type { CanvasMark } from './canvas/canvasContext.js'
import { groupOfBlock } from '../../../../src/contract/bot/graph.js'
import { useHistory } from './doc/history.js'
import { insertBlock } from './doc/ops.js'
import { BotName } from './BotName.js'
import { SidePanel, type Panel } from './SidePanel.js'
import { useChecks } from './save/checks.js'
import { ConflictDialog } from './save/ConflictDialog.js'
import { type SaveState, useAutosave } from './save/useAutosave.js'
import { SettingsEditor } from './settings/SettingsEditor.js'
import { ThemeEditor } from './theme/ThemeEditor.js'
import { ThemeTemplates } from './theme/ThemeTemplates.js'
import { PreviewPanel } from './preview/PreviewPanel.js'
import type { BotDraftAnswer } from '../../../../src/contract/api.js'
import type { EditorContext } from './types.js'
import { useShortcuts } from './useShortcuts.js'
import { newId } from '../../../../src/contract/ids.js'

type View = 'flow' | 'theme' | 'settings'

const saveLabel = (state: SaveState, readOnly: boolean, t: TFunction) => {
  if (readOnly) return { text: t('Read only'), color: 'gray' }
  switch (state.status) {
    case 'saved':
      return { text: t('Saved'), color: 'green' }
    case 'pending':
      return { text: t('Unsaved changes'), color: 'yellow' }
    case 'saving':
      return { text: t('Saving…'), color: 'blue' }
    case 'error':
      return { text: t('Not saved'), color: 'red' }
    case 'conflict':
      return { text: t('Conflict'), color: 'red' }
  }
}

export const BotEditorPage = (props: { answer: BotDraftAnswer; workspaceId: string; readOnly: boolean }) => (
  <ReactFlowProvider>
    <Editor {...props} />
  </ReactFlowProvider>
)

const Editor = ({ answer, workspaceId, readOnly }: { answer: BotDraftAnswer; workspaceId: string; readOnly: boolean }) => {
  const { t, i18n } = useTranslation()
  const initial = answer.bot
  const botId = initial.id
  const navigate = useNavigate()
  const client = useQueryClient()
  const flow = useReactFlow()
  const history = useHistory(initial)
  const bot = history.bot
  const save = useAutosave(botId, bot, initial.updatedAt, !readOnly, () => setUnpublished(true))
  // Publishing state: as the bot was opened, then kept by what this editor does (saves, publishing).
  const [publishedAt, setPublishedAt] = useState(answer.publishedAt)
  const [unpublished, setUnpublished] = useState(answer.hasUnpublishedChanges)
  const [view, setView] = useState<View>('flow')
  const [panel, setPanel] = useState<Panel>(null)
  const [selectedBlockId, setSelectedBlockId] = useState<string | null>(null)
  const [runningBlockId, setRunningBlockId] = useState<string | null>(null)
  const [startFrom, setStartFrom] = useState<string | undefined>()

  const checks = useChecks(botId, initial, bot, save.checked)
  const marks = useMemo(() => {
    const byNode = new Map<string, CanvasMark[]>()
    for (const c of checks) {
      const at = c.blockId ?? c.groupId
      if (!at) continue
      byNode.set(at, [...(byNode.get(at) ?? []), { severity: c.severity, message: c.message }])
    }
    return byNode
  }, [checks])

  const ctx: EditorContext = useMemo(
    () => ({
      botId,
      workspaceId,
      variables: bot.variables,
      groups: bot.groups,
      readOnly,
      createVariable: (name: string) => {
        const existing = bot.variables.find((v) => v.name === name)
        if (existing) return existing
        const variable = { id: newId(), name }
        history.change((b) => ({ ...b, variables: [...b.variables, variable] }))
        return variable
      },
    }),
    [botId, workspaceId, bot.variables, bot.groups, readOnly, history],
  )

  const selectBlock = useCallback((blockId: string | null) => {
    setSelectedBlockId(blockId)
    setPanel(blockId ? { kind: 'block' } : (p) => (p?.kind === 'block' ? null : p))
  }, [])

  const centre = () => {
    const box = document.querySelector(`[aria-label="${CSS.escape(t('Flow canvas'))}"]`)?.getBoundingClientRect()
    return flow.screenToFlowPosition(box ? { x: box.left + box.width / 2 - 140, y: box.top + box.height / 3 } : { x: 400, y: 300 })
  }

  useShortcuts({
    history,
    readOnly,
    selection: () => new Set([...flow.getNodes(), ...flow.getEdges()].filter((x) => x.selected).map((x) => x.id)),
    selectedBlockId,
    clearBlock: () => selectBlock(null),
    save: () => void save.saveNow(),
    active: view === 'flow',
    pastePoint: centre,
  })

  const selectEvent = useCallback((eventId: string) => {
    setSelectedBlockId(null)
    setPanel({ kind: 'event', eventId })
  }, [])

  const testFrom = useCallback((groupId: string) => {
    setStartFrom(groupId)
    setPanel({ kind: 'preview', at: Date.now() })
  }, [])

  // New blocks' retry messages in the bot's language (else the author's, the app's).
  const language = pickLanguage([(bot.settings as { general?: { language?: string } } | undefined)?.general?.language, i18n.language])
  const newBlock = useCallback((type: string) => createBlock(type, language), [language])
  const pick = (type: string) => {
    const block = newBlock(type)
    const group = selectedBlockId ? groupOfBlock(bot, selectedBlockId) : undefined
    const place = group ? { groupId: group.id, index: group.blocks.findIndex((b) => b.id === selectedBlockId) + 1 } : { at: centre() }
    history.change((b) => insertBlock(b, block, place).bot)
    selectBlock(block.id)
  }

  const publish = async () => {
    try {
      // Only what is stored can be published: not a draft that failed to save or is in conflict.
      if (!(await save.flush())) {
        notifications.show({
          color: 'red',
          title: t('Not published'),
          message: t('Your latest changes are not saved yet: publish once they are.'),
        })
        return
      }
      await api.post(`/v1/bots/${botId}/publish`)
      setPublishedAt(new Date().toISOString())
      setUnpublished(false)
      void client.invalidateQueries({ queryKey: ['bot', botId] })
      void client.invalidateQueries({ queryKey: ['versions', botId] })
      notifications.show({ color: 'green', message: t('Published: visitors now chat with this version.') })
    } catch (err) {
      notifications.show({ color: 'red', title: t('Not published'), message: errorMessage(err) })
    }
  }

  const label = saveLabel(save.state, readOnly, t)
  const published = botStatus({
    isClosed: Boolean(initial.isClosed),
    publishedAt,
    hasUnpublishedChanges: unpublished || save.state.status !== 'saved',
  })
  const errors = checks.filter((c) => c.severity === 'error').length

  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group
        component="header"
        h={56}
        px="md"
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {/* On a narrow screen the name gives way; the save and publishing states never do. */}
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ActionIcon variant="subtle" component={Link} to={`/w/${workspaceId}/bots/${botId}`} aria-label={t("Back to the bot's page")}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <BotName name={bot.name ?? ''} readOnly={readOnly} onRename={(name) => history.change((b) => ({ ...b, name }), 'name')} />
          <Badge color={label.color} variant="light" role="status" aria-live="polite" style={{ flexShrink: 0 }}>
            {label.text}
          </Badge>
          <Badge color={published.color} variant="outline" style={{ flexShrink: 0 }}>
            {t(published.label)}
          </Badge>
        </Group>
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v as View)}
          data={[
            { value: 'flow', label: t('Flow') },
            { value: 'theme', label: t('Theme') },
            { value: 'settings', label: t('Settings') },
          ]}
          aria-label={t('Editor view')}
          // The bot's name gives way first: longer labels (German) would otherwise be cut.
          style={{ flexShrink: 0 }}
        />
        <Group gap="xs" wrap="nowrap">
          {!readOnly && (
            <>
              <Tooltip label={t('Undo (Ctrl+Z)')}>
                <ActionIcon variant="default" onClick={history.undo} disabled={!history.canUndo} aria-label={t('Undo')}>
                  <IconArrowBackUp size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('Redo (Ctrl+Shift+Z)')}>
                <ActionIcon variant="default" onClick={history.redo} disabled={!history.canRedo} aria-label={t('Redo')}>
                  <IconArrowForwardUp size={18} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Button
            variant={panel?.kind === 'checks' ? 'light' : 'default'}
            color={errors ? 'red' : undefined}
            leftSection={<IconListCheck size={16} aria-hidden />}
            onClick={() => setPanel((p) => (p?.kind === 'checks' ? null : { kind: 'checks' }))}
          >
            {checks.length ? t('Checks ({{number}})', { number: checks.length }) : t('Checks')}
          </Button>
          <Button
            variant={panel?.kind === 'variables' ? 'light' : 'default'}
            leftSection={<IconVariable size={16} aria-hidden />}
            onClick={() => setPanel((p) => (p?.kind === 'variables' ? null : { kind: 'variables' }))}
          >
            {t('Variables')}
          </Button>
          {/* Previews run the draft with the workspace's credentials: editors only (the API refuses guests too). */}
          {!readOnly && (
            <Button
              variant={panel?.kind === 'preview' ? 'light' : 'default'}
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => {
                setStartFrom(undefined)
                setPanel((p) => (p?.kind === 'preview' ? null : { kind: 'preview' }))
              }}
            >
              {t('Preview')}
            </Button>
          )}
          {!readOnly && (
            <Button onClick={() => void publish()} disabled={Boolean(publishedAt) && !unpublished && save.state.status === 'saved'}>
              {publishedAt ? t('Publish changes') : t('Publish')}
            </Button>
          )}
        </Group>
      </Group>
      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        {view === 'flow' && !readOnly && (
          <Box w={260} p="xs" style={{ borderRight: '1px solid var(--mantine-color-gray-3)', overflow: 'auto' }}>
            <BlockPalette onPick={pick} readOnly={readOnly} />
          </Box>
        )}
        {view === 'theme' && (
          <Box w={380} p="md" style={{ borderRight: '1px solid var(--mantine-color-gray-3)', overflow: 'auto' }}>
            <Stack gap="lg">
              <ThemeTemplates
                workspaceId={workspaceId}
                theme={bot.theme}
                selectedId={bot.selectedThemeTemplateId}
                onApply={(template) => history.change((b) => ({ ...b, theme: template.theme, selectedThemeTemplateId: template.id }))}
                readOnly={readOnly}
              />
              <ThemeEditor theme={bot.theme} onChange={(theme) => history.change((b) => ({ ...b, theme }), 'theme')} readOnly={readOnly} />
            </Stack>
          </Box>
        )}
        {view === 'settings' && (
          <Box w={380} p="md" style={{ borderRight: '1px solid var(--mantine-color-gray-3)', overflow: 'auto' }}>
            <SettingsEditor
              settings={bot.settings}
              onChange={(settings) => history.change((b) => ({ ...b, settings }), 'settings')}
              readOnly={readOnly}
            />
          </Box>
        )}
        <Box style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          {view === 'flow' ? (
            <EditorCanvas
              bot={bot}
              change={history.change}
              readOnly={readOnly}
              createBlock={newBlock}
              selectedBlockId={selectedBlockId}
              onSelectBlock={selectBlock}
              runningBlockId={runningBlockId}
              marks={marks}
              onTestFrom={testFrom}
              onSelectEvent={selectEvent}
              ctx={ctx}
            />
          ) : readOnly ? (
            <Text c="dimmed" size="sm" p="xl">
              {t('Previews are for people who can edit this bot; open the published bot from its page to chat with it.')}
            </Text>
          ) : (
            <PreviewPanel botId={botId} bot={bot} onClose={() => setView('flow')} />
          )}
        </Box>
        {view === 'flow' && panel && (
          <SidePanel
            panel={panel}
            onClose={() => {
              setPanel(null)
              setSelectedBlockId(null)
              setRunningBlockId(null)
            }}
            bot={bot}
            history={history}
            ctx={ctx}
            selectedBlockId={selectedBlockId}
            checks={checks}
            startFrom={startFrom}
            onRunningBlock={setRunningBlockId}
            onFocus={(nodeId, blockId) => {
              void flow.fitView({ nodes: [{ id: nodeId }], maxZoom: 1, duration: 300 })
              if (blockId) selectBlock(blockId)
            }}
          />
        )}
      </Box>
      {save.state.status === 'conflict' && (
        <ConflictDialog
          mine={bot}
          theirs={save.state.theirs}
          onReload={() => {
            const theirs = (save.state as Extract<SaveState, { status: 'conflict' }>).theirs
            save.adopt(theirs)
            history.reset(theirs)
          }}
          onOverwrite={async () => {
            await save.overwrite()
          }}
          onSaveCopy={async () => {
            const copy = await api.post<{ bot: { id: string } }>('/v1/bots', {
              workspaceId,
              bot: {
                name: `${bot.name || 'Untitled bot'} (my version)`,
                groups: bot.groups,
                events: bot.events,
                edges: bot.edges,
                variables: bot.variables,
                theme: bot.theme,
                settings: bot.settings,
              },
            })
            const theirs = (save.state as Extract<SaveState, { status: 'conflict' }>).theirs
            save.adopt(theirs)
            history.reset(theirs)
            notifications.show({
              color: 'green',
              message: t('Your version was saved as a new bot; this one shows the version saved elsewhere.'),
            })
            navigate(`/w/${workspaceId}/bots/${copy.bot.id}/edit`)
          }}
        />
      )}
      {save.state.status === 'error' && (
        <Text role="alert" c="red" size="sm" px="md" py={4}>
          {t('Not saved: {{error}}', { error: save.state.message })}{' '}
          <Button size="compact-xs" variant="light" onClick={() => void save.flush()}>
            {t('Try again')}
          </Button>
        </Text>
      )}
    </Box>
  )
}
