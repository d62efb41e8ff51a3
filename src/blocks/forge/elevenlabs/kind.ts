// ElevenLabs forged block (`elevenlabs`), action "Convert text to speech": `POST {base}/v1/text-to-speech/{voiceId}`
// with the `xi-api-key` header answers with mp3 audio, stored as a file of the chat's result; its URL goes into the
// block's variable. The key goes to the credentials' base URL, else ElevenLabs' (Typebot always calls ElevenLabs').
import { forgedKind, idOption, invalid } from '../../shared/forgedActions.js'
import { LLM_TIMEOUT_MS } from '../../shared/llm/client.js'
import { connect, optionText } from '../../shared/llm/completion.js'
import { noAudio, saveMadeFile } from '../../shared/madeFiles.js'
import { callProvider } from '../../shared/providerCall.js'

const label = 'ElevenLabs'

export const elevenlabs = forgedKind('elevenlabs', label, {
  async 'Convert text to speech'(options, ctx) {
    const voiceId = optionText(options.voiceId, ctx)
    const text = optionText(options.text, ctx)
    const variableId = idOption(options.saveUrlInVariableId)
    if (!voiceId) return invalid('Voice ID is missing')
    if (!text) return invalid('Text is missing')
    if (!variableId) return invalid('Save variable is missing')
    const connected = await connect(
      {
        label,
        credentialsId: idOption(options.credentialsId),
        noCredentials: `Credentials not provided for integration: the ${label} block has no ${label} account selected. The flow went on past it.`,
        defaultBaseUrl: 'https://api.elevenlabs.io',
      },
      ctx,
    )
    if ('log' in connected) return { logs: [connected.log] }
    const { baseUrl, apiKey } = connected.endpoint
    const modelId = optionText(options.modelId, ctx)
    const call = await callProvider(ctx, label, apiKey, {
      url: `${baseUrl.replace(/\/+$/, '')}/v1/text-to-speech/${encodeURIComponent(voiceId)}`,
      method: 'POST',
      headers: { accept: 'audio/mpeg', 'xi-api-key': apiKey, 'content-type': 'application/json' },
      // Without a model, ElevenLabs uses its default one.
      body: JSON.stringify({ ...(modelId && { model_id: modelId }), text }),
      timeoutMs: LLM_TIMEOUT_MS,
      binaryResponse: true,
    })
    if (!call.ok) return { logs: [call.log] }
    const bytes = call.answer.bytes
    if (!bytes?.byteLength) return { logs: [noAudio(label)] }
    return saveMadeFile(ctx, { name: 'speech.mp3', contentType: 'audio/mpeg', bytes }, variableId, 'The ElevenLabs speech')
  },
})
