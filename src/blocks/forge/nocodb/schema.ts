// The NocoDB block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { list, pairs, s } from '../../../contract/bot/forgedOptions.js'

/** What "Search Records" reads. */
export const searchRecordsOptions = z.object({
  credentialsId: s,
  tableId: s,
  viewId: s,
  returnType: z.enum(['All', 'First', 'Last', 'Random']).optional(),
  responseMapping: list(z.object({ fieldName: s, variableId: s })),
})
/** What "Create Record" reads. */
export const createRecordOptions = z.object({ credentialsId: s, tableId: s, fields: pairs })
/** What "Update Existing Record" reads. */
export const updateExistingRecordOptions = z.object({ credentialsId: s, tableId: s, updates: list(z.object({ fieldName: s, value: s })) })

export const actions: BlockAction[] = [
  {
    name: 'Search Records',
    options: searchRecordsOptions,
  },
  { name: 'Create Record', options: createRecordOptions },
  { name: 'Update Existing Record', options: updateExistingRecordOptions },
]
