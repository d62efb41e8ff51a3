// OpenAI "Create speech": `POST {base}/audio/speech` answers with audio (mp3, the API's default format), stored as a
// file of the chat's result; its URL goes into the block's variable (an Audio bubble usually plays it next).
import { idOption, invalid } from '../../shared/forgedActions.js'
import { openAiHeaders, endpointUrl, LLM_TIMEOUT_MS } from '../../shared/llm/client.js'
import { connect, optionText } from '../../shared/llm/completion.js'
import type { ForgedLlmAction } from '../../shared/llm/forged.js'
import { noAudio, saveMadeFile } from '../../shared/madeFiles.js'
import { callProvider } from '../../shared/providerCall.js'

/** Typebot's model when the block names none. */
const DEFAULT_MODEL = 'tts-1'

export const createSpeech: ForgedLlmAction = async (options, ctx, connection) => {
  const input = optionText(options.input, ctx)
  const voice = optionText(options.voice, ctx)
  const variableId = idOption(options.saveUrlInVariableId)
  if (!input) return invalid('Create speech input is empty')
  if (!voice) return invalid('Create speech voice is empty')
  if (!variableId) return invalid('Create speech save variable is empty')
  const connected = await connect(connection, ctx)
  if ('log' in connected) return { logs: [connected.log] }
  const { endpoint, notices } = connected
  const instructions = optionText(options.instructions, ctx)
  const call = await callProvider(ctx, 'OpenAI', endpoint.apiKey, {
    url: endpointUrl(endpoint, '/audio/speech'),
    method: 'POST',
    headers: openAiHeaders(endpoint),
    body: JSON.stringify({ model: optionText(options.model, ctx) ?? DEFAULT_MODEL, input, voice, ...(instructions && { instructions }) }),
    timeoutMs: LLM_TIMEOUT_MS,
    binaryResponse: true,
  })
  if (!call.ok) return { logs: [...notices, call.log] }
  const bytes = call.answer.bytes
  if (!bytes?.byteLength) return { logs: [...notices, noAudio('OpenAI')] }
  return saveMadeFile(ctx, { name: 'speech.mp3', contentType: 'audio/mpeg', bytes }, variableId, 'The OpenAI speech', notices)
}
