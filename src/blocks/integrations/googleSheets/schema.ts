// Google Sheets. Its action literals are in contract/ (the v5 → v6 migration names them).
import { z } from 'zod'
import { GoogleSheetsAction, IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { comparisonSchema, logicalOperatorSchema, opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export { GoogleSheetsAction } from '../../../contract/bot/blockTypes.js'
export const totalRowsToExtractOptions = ['All', 'First', 'Last', 'Random'] as const

const sheetCellSchema = z.looseObject({ id: opt(z.string()), column: opt(z.string()), value: opt(z.string()) })

export const googleSheetsBlockSchema = blockOf(IntegrationBlockType.GOOGLE_SHEETS, {
  options: opt(
    z.looseObject({
      credentialsId: opt(z.string()),
      spreadsheetId: opt(z.string()),
      sheetId: opt(z.string()),
      action: opt(z.enum(GoogleSheetsAction)),
      filter: opt(
        z.looseObject({
          comparisons: opt(z.array(comparisonSchema.extend({ column: opt(z.string()) }))),
          logicalOperator: opt(logicalOperatorSchema),
        }),
      ),
      cellsToExtract: opt(z.array(z.looseObject({ id: opt(z.string()), column: opt(z.string()), variableId: opt(z.string()) }))),
      totalRowsToExtract: opt(z.enum(totalRowsToExtractOptions)),
      cellsToInsert: opt(z.array(sheetCellSchema)),
      cellsToUpsert: opt(z.array(sheetCellSchema)),
    }),
  ),
})
export type GoogleSheetsBlock = z.infer<typeof googleSheetsBlockSchema>
