// The formatting toolbar: marks, lists, link and variable, each a labelled toggle showing its state.
import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { IconBold, IconItalic, IconList, IconListNumbers, IconUnderline } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSlate, useSlateStatic } from 'slate-react'
import { msg } from '../../i18n/index.js'
import type { Variable } from '../types.js'
import { activeList, isMarkActive, toggleList, toggleMark } from './commands.js'
import { LinkButton } from './LinkButton.js'
import type { ListType, Mark } from './shape.js'
import { syncSelection } from './syncSelection.js'
import { VariablePicker } from './VariablePicker.js'

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)
const shortcut = (key: string) => `${isMac ? '⌘' : 'Ctrl+'}${key}`

/** A toolbar toggle; mouse down is cancelled so the editor keeps its selection. */
const ToolbarToggle = ({
  label,
  hint,
  active,
  onClick,
  children,
}: {
  label: string
  hint?: string
  active: boolean
  onClick: () => void
  children: ReactNode
}) => {
  const editor = useSlateStatic()
  return (
    <Tooltip label={hint ? `${label} (${hint})` : label} withArrow openDelay={400}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        aria-label={label}
        aria-pressed={active}
        onMouseDown={(event) => {
          event.preventDefault()
          syncSelection(editor)
        }}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  )
}

const MARK_BUTTONS: [Mark, string, string, ReactNode][] = [
  ['bold', msg('Bold'), 'B', <IconBold key="b" size={16} />],
  ['italic', msg('Italic'), 'I', <IconItalic key="i" size={16} />],
  ['underline', msg('Underline'), 'U', <IconUnderline key="u" size={16} />],
]
const LIST_BUTTONS: [ListType, string, ReactNode][] = [
  ['ul', msg('Bulleted list'), <IconList key="ul" size={16} />],
  ['ol', msg('Numbered list'), <IconListNumbers key="ol" size={16} />],
]

export const Toolbar = ({
  label,
  variables,
  onCreateVariable,
}: {
  label: string
  variables: Variable[]
  onCreateVariable: (name: string) => Variable
}) => {
  const { t } = useTranslation()
  const editor = useSlate()
  const list = activeList(editor)
  return (
    <Group
      gap={2}
      role="toolbar"
      aria-label={t('{{label}} formatting', { label })}
      px={4}
      py={2}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {MARK_BUTTONS.map(([mark, name, key, icon]) => (
        <ToolbarToggle key={mark} label={t(name)} hint={shortcut(key)} active={isMarkActive(editor, mark)} onClick={() => toggleMark(editor, mark)}>
          {icon}
        </ToolbarToggle>
      ))}
      <LinkButton />
      {LIST_BUTTONS.map(([type, name, icon]) => (
        <ToolbarToggle key={type} label={t(name)} active={list === type} onClick={() => toggleList(editor, type)}>
          {icon}
        </ToolbarToggle>
      ))}
      <VariablePicker variables={variables} onCreateVariable={onCreateVariable} />
    </Group>
  )
}
