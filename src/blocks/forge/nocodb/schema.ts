// The NocoDB block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { list, pairs, s } from '../../../contract/bot/forgedOptions.js'

export const nocodbFilterOperators = [
  'Equal to',
  'Not equal',
  'Contains',
  'Greater than',
  'Less than',
  'Is set',
  'Is empty',
  'Starts with',
  'Ends with',
] as const

/** Which records: comparisons of a field with a value, joined by AND or OR. */
const filterSchema = z
  .object({
    comparisons: list(z.object({ input: s, operator: z.enum(nocodbFilterOperators).optional(), value: s })),
    joiner: z.enum(['AND', 'OR']).optional(),
  })
  .optional()
export type NocodbFilter = z.infer<typeof filterSchema>

/** What "Search Records" reads. */
export const searchRecordsOptions = z.object({
  credentialsId: s,
  tableId: s,
  viewId: s,
  returnType: z.enum(['All', 'First', 'Last', 'Random']).optional(),
  filter: filterSchema,
  responseMapping: list(z.object({ fieldName: s, variableId: s })),
})
/** What "Create Record" reads. */
export const createRecordOptions = z.object({ credentialsId: s, tableId: s, fields: pairs })
/** What "Update Existing Record" reads. */
export const updateExistingRecordOptions = z.object({
  credentialsId: s,
  tableId: s,
  viewId: s,
  filter: filterSchema,
  updates: list(z.object({ fieldName: s, value: s })),
})

export const actions: BlockAction[] = [
  {
    name: 'Search Records',
    options: searchRecordsOptions,
  },
  { name: 'Create Record', options: createRecordOptions },
  { name: 'Update Existing Record', options: updateExistingRecordOptions },
]
