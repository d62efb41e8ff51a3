// Where the generic form derived from a kind's schema reads poorly: better labels, the important keys first, help
// for the obscure ones, keys the editor should not offer (editor-only test values, legacy fields).
import { forgeType } from './forge.js'
import type { FormHints } from './formModel.js'

const textLike: FormHints = {
  labels: {
    'options.variableId': 'Save the answer in',
    'options.labels': 'Labels',
    'options.labels.placeholder': 'Placeholder',
    'options.labels.button': 'Button label',
    'options.retryMessageContent': 'Message when the answer is not valid',
  },
  order: { options: ['labels', 'variableId'] },
  hidden: ['options.localizations'],
}

const httpLike: FormHints = {
  labels: {
    'options.webhook': 'Request',
    'options.webhook.url': 'URL',
    'options.isCustomBody': 'Custom body',
    'options.isExecutedOnClient': 'Run in the browser',
    'options.withCredentials': 'Send browser cookies',
    'options.responseVariableMapping': 'Save the response in variables',
    'options.responseVariableMapping.bodyPath': 'Response path',
    'options.timeout': 'Timeout (seconds)',
    'options.proxyCredentialsId': 'HTTP proxy',
    'options.isAdvancedConfig': 'Advanced settings',
  },
  help: {
    'options.responseVariableMapping.bodyPath': 'Where the value is in the answer: data.name, data.items[0].id…',
    'options.isExecutedOnClient': 'The request is sent by the visitor’s browser instead of the server.',
  },
  order: { options: ['webhook', 'isCustomBody', 'responseVariableMapping'], 'options.webhook': ['method', 'url', 'headers', 'queryParams', 'body'] },
  hidden: ['options.variablesForTest'],
  multiline: ['options.webhook.body'],
}

const llmLabels: FormHints['labels'] = {
  'options.credentialsId': 'Account',
  'options.responseMapping': 'Save the response in variables',
  'options.responseMapping.item': 'Value',
  'options.responseMapping.variableId': 'Variable',
  'options.messages.dialogueVariableId': 'Dialogue variable',
  'options.messages.startsBy': 'Dialogue starts by',
  'options.variablesToExtract': 'Variables to extract',
}

const choice: FormHints = {
  labels: {
    'options.variableId': 'Save the answer in',
    'options.isMultipleChoice': 'Several choices allowed',
    'options.buttonLabel': 'Send button label (several choices)',
    'options.dynamicVariableId': 'Buttons from a list variable',
    'options.isSearchable': 'Searchable',
  },
  order: { options: ['variableId', 'isMultipleChoice', 'buttonLabel', 'isSearchable', 'searchInputPlaceholder', 'dynamicVariableId'] },
  help: { 'options.dynamicVariableId': 'When set, one button per value of the list replaces the buttons above.' },
}

// A message's content for the plain roles, its list variable for a dialogue.
const messageRows: FormHints['shownWhen'] = {
  'options.messages.content': { key: 'role', is: ['system', 'user', 'assistant', undefined] },
  'options.messages.dialogueVariableId': { key: 'role', is: ['Dialogue'] },
  'options.messages.startsBy': { key: 'role', is: ['Dialogue'] },
}

const byType: Record<string, FormHints> = {
  'choice input': choice,
  'picture choice input': { ...choice, hidden: ['options.dynamicItems'] },
  'AB test': { labels: { 'options.aPercent': 'Percent of users on path A' }, hidden: ['items'] },
  'text input': { ...textLike, labels: { ...textLike.labels, 'options.isLong': 'Long text' } },
  'number input': textLike,
  'email input': textLike,
  'url input': textLike,
  'phone number input': textLike,
  'date input': { ...textLike, order: { options: ['isRange', 'hasTime', 'format', 'labels', 'variableId'] } },
  'time input': textLike,
  'rating input': textLike,
  'file input': textLike,
  'payment input': {
    labels: { 'options.credentialsId': 'Stripe account', 'options.retryMessageContent': 'Message when the payment fails' },
    order: { options: ['credentialsId', 'amount', 'currency'] },
  },
  Webhook: httpLike,
  Zapier: httpLike,
  'Make.com': httpLike,
  Pabbly: httpLike,
  OpenAI: { labels: llmLabels, shownWhen: messageRows, order: { options: ['task', 'credentialsId', 'model', 'messages'] } },
  'Set variable': { labels: { 'options.variableId': 'Variable' } },
  Redirect: { labels: { 'options.url': 'URL', 'options.isNewTab': 'Open in a new tab' } },
  Code: { labels: { 'options.content': 'Code', 'options.shouldExecuteInParentContext': 'Run in the page hosting the bot' } },
  Wait: { labels: { 'options.secondsToWaitFor': 'Seconds to wait', 'options.shouldPause': 'Pause the flow' } },
  Email: { labels: { 'options.credentialsId': 'SMTP account' }, order: { options: ['credentialsId', 'recipients', 'subject', 'body'] } },
}

const forged: FormHints = { labels: llmLabels, shownWhen: messageRows, order: { options: ['action', 'credentialsId'] } }

/** The hints of a block type (forged types share theirs). */
export const formHints = (type: string): FormHints => byType[type] ?? (forgeType(type) ? forged : {})

/** `hints` hiding `keys` too. */
export const hiding = (hints: FormHints, ...keys: string[]): FormHints => ({ ...hints, hidden: [...(hints.hidden ?? []), ...keys] })
