// HTTP request (and Zapier, Make.com, Pabbly, which share its options): method and URL first, headers and query
// parameters, the body only when custom, where to save the answer, and the rarely needed settings behind a switch.
import { blockSchemaByType } from '../../../../../src/blocks/schemas.js'
import { IntegrationBlockType } from '../../../../../src/contract/bot/blockTypes.js'
import type { BlockFormProps } from '../types.js'
import { credentialsTypeFor } from './credentialsType.js'
import { GenericForm } from './GenericForm.js'
import { objectFields } from './formModel.js'
import { formHints, hiding } from './hints.js'
import { optionsOf } from './blockParts.js'

const advanced = ['options.isExecutedOnClient', 'options.withCredentials', 'options.timeout', 'options.proxyCredentialsId']

export const HttpRequestForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const options = optionsOf(block)
  const hidden = [...(options.isCustomBody === true ? [] : ['options.webhook.body']), ...(options.isAdvancedConfig === true ? [] : advanced)]
  const fields = objectFields(blockSchemaByType[IntegrationBlockType.HTTP_REQUEST], hiding(formHints(block.type), ...hidden))
  return (
    <GenericForm
      fields={fields.flatMap((f) => (f.kind === 'section' ? f.fields : [f]))}
      value={options}
      onChange={(next) => onChange({ ...block, options: next })}
      ctx={ctx}
      credentialsType={(key) => credentialsTypeFor(block.type, key)}
    />
  )
}
