// Form hints several kinds' cards share (src/blocks/<category>/<kind>/editor.ts): where the generic settings form
// derived from a kind's schema reads poorly — better labels, the important keys first, help for the obscure ones,
// keys the editor should not offer (editor-only test values, legacy fields).
import type { FormHints } from './card.js'

/** Inputs that ask for one value: labels, placeholder, the variable the answer goes to. */
export const textLikeHints: FormHints = {
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

/** HTTP requests (the HTTP request block and its Zapier, Make.com, Pabbly Connect variants). */
export const httpLikeHints: FormHints = {
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

/** Chat-model blocks (forged LLM kinds and the legacy OpenAI block). */
export const llmLabels: FormHints['labels'] = {
  'options.credentialsId': 'Account',
  'options.responseMapping': 'Save the response in variables',
  'options.responseMapping.item': 'Value',
  'options.responseMapping.variableId': 'Variable',
  'options.messages.dialogueVariableId': 'Dialogue variable',
  'options.messages.startsBy': 'Dialogue starts by',
  'options.variablesToExtract': 'Variables to extract',
  'options.tools': 'Tools (functions the model may call)',
  'options.tools.parameters.required': 'Required',
  'options.tools.code': 'Code (returns the function’s answer)',
}

/** Buttons and picture choices. */
export const choiceHints: FormHints = {
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
export const messageRows: FormHints['shownWhen'] = {
  'options.messages.content': { key: 'role', is: ['system', 'user', 'assistant', undefined] },
  'options.messages.dialogueVariableId': { key: 'role', is: ['Dialogue'] },
  'options.messages.startsBy': { key: 'role', is: ['Dialogue'] },
}

/** Possible values only for enum fields: a tool's parameters, the variables "Generate variables" fills. */
const enumValuesRows: FormHints['shownWhen'] = {
  'options.tools.parameters.values': { key: 'type', is: ['enum'] },
  'options.variablesToExtract.values': { key: 'type', is: ['enum'] },
}

/** Forged blocks' actions: the action and account first, chat messages as for the legacy OpenAI block; a tool is a function. */
export const forgedHints: FormHints = {
  labels: llmLabels,
  shownWhen: { ...messageRows, ...enumValuesRows },
  order: { options: ['action', 'credentialsId'] },
  hidden: ['options.tools.type'],
}
