// File upload: a drop zone (a visually hidden file field inside its label, so it is reachable by keyboard), checked
// against the block's allowed types and size limit before anything is sent, uploaded through `props.upload` with a
// progress bar. The reply carries the file URLs both as text (what the server validates) and as attachments.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Language } from '../../../../src/contract/languages.js'
import { useTexts } from '../i18n/context.js'
import { type InputProps, orEmpty } from './types.js'

const DEFAULT_LIMIT_MB = 10

/** The allowed types as the field's `accept` list: extensions get their dot, MIME types and wildcards stay. */
const acceptList = (types: string[]) =>
  types
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (t.includes('/') || t.startsWith('.') ? t : `.${t}`))

const allows = (accept: string[], file: File) => {
  const name = file.name.toLowerCase()
  const type = file.type.toLowerCase()
  return accept.some((entry) => {
    const rule = entry.toLowerCase()
    if (rule.startsWith('.')) return name.endsWith(rule)
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1))
    return type === rule
  })
}

const INLINE_TAGS = new Set(['STRONG', 'B', 'EM', 'I', 'U', 'SPAN', 'SMALL'])

/** The block's placeholder is a little HTML (bold, line breaks): rebuilt from its text and a few inline tags only. */
const inlineHtml = (html: string): ComponentChildren => {
  const convert = (node: Node, key: number): ComponentChildren => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent
    if (!(node instanceof Element)) return null
    if (node.tagName === 'BR') return <br key={key} />
    const children = [...node.childNodes].map(convert)
    if (!INLINE_TAGS.has(node.tagName)) return children
    const Tag = node.tagName.toLowerCase() as 'strong'
    return <Tag key={key}>{children}</Tag>
  }
  return [...new DOMParser().parseFromString(html, 'text/html').body.childNodes].map(convert)
}

/** A size in the chat's language's units and digits ("1.5 MB", "1,5 Mo"). */
const fileSize = (bytes: number, language: Language) =>
  bytes < 1024 * 1024
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte' }).format(Math.ceil(bytes / 1024))
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)

export const FileInput = ({ input, submit, skip, upload, disabled }: InputProps<typeof InputBlockType.FILE>) => {
  const { t, language } = useTexts()
  const options = orEmpty(input.options)
  const labels = orEmpty(options.labels)
  const multiple = Boolean(options.isMultipleAllowed)
  const required = options.isRequired ?? true
  const limitMb = Number(options.sizeLimit) > 0 ? Number(options.sizeLimit) : DEFAULT_LIMIT_MB
  const accept = options.allowedFileTypes?.isEnabled ? acceptList(options.allowedFileTypes.types ?? []) : []
  const [files, setFiles] = useState<File[]>([])
  const [errors, setErrors] = useState<string[]>([])
  const [progress, setProgress] = useState<number>()
  const [dragging, setDragging] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => field.current?.focus(), [])
  const busy = disabled || progress !== undefined

  const send = async (chosen: File[]) => {
    const fractions = chosen.map(() => 0)
    setProgress(0)
    setErrors([])
    try {
      const urls = await Promise.all(
        chosen.map((file, idx) =>
          upload(file, (fraction) => {
            fractions[idx] = fraction
            setProgress(fractions.reduce((a, b) => a + b, 0) / fractions.length)
          }),
        ),
      )
      const success = orEmpty(labels.success)
      // The bot's own text says `{total}`, the built-in one `{{total}}` (a translation's placeholder).
      const label =
        urls.length > 1
          ? success.multiple
            ? success.multiple.replace('{total}', String(urls.length))
            : t('{{total}} files uploaded', { total: urls.length })
          : success.single || t('File uploaded')
      submit({ message: { type: 'text', text: urls.join(', '), attachedFileUrls: urls }, label })
    } catch (err) {
      setErrors([t('The upload failed: {{reason}}. Please try again.', { reason: (err as Error).message || t('network error') })])
      setProgress(undefined)
    }
  }

  const pick = (list: FileList | null) => {
    const picked = [...(list ?? [])]
    if (picked.length === 0 || busy) return
    const refused: string[] = []
    const accepted = picked.filter((file) => {
      if (accept.length > 0 && !allows(accept, file))
        refused.push(t('{{name}}: this file type is not allowed (allowed: {{types}}).', { name: file.name, types: accept.join(', ') }))
      else if (file.size > limitMb * 1024 * 1024)
        refused.push(
          t('{{name}} is too large ({{size}}; the limit is {{limit}}).', {
            name: file.name,
            size: fileSize(file.size, language),
            limit: fileSize(limitMb * 1024 * 1024, language),
          }),
        )
      else return true
      return false
    })
    setErrors(refused)
    if (!multiple) {
      if (accepted[0]) void send(accepted.slice(0, 1))
      return
    }
    setFiles([...files, ...accepted.filter((f) => !files.some((o) => o.name === f.name && o.size === f.size))])
  }

  return (
    <div class="p-input p-file">
      <label
        class={`p-dropzone${dragging ? ' p-dragging' : ''}${busy ? ' p-busy' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault()
          setDragging(false)
          pick(e.dataTransfer?.files ?? null)
        }}
      >
        <input
          ref={field}
          class="p-visually-hidden"
          type="file"
          multiple={multiple}
          accept={accept.join(',') || undefined}
          capture={options.capture || undefined}
          disabled={busy}
          onChange={(e) => {
            pick(e.currentTarget.files)
            e.currentTarget.value = ''
          }}
        />
        <svg class="p-file-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 16V4m0 0l-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 002 2h12a2 2 0 002-2v-3" />
        </svg>
        <span class="p-dropzone-text">
          {inlineHtml(
            labels.placeholder ||
              t('<strong>Click to upload</strong> or drag and drop<br>(size limit: {{limit}})', { limit: fileSize(limitMb * 1024 * 1024, language) }),
          )}
        </span>
      </label>
      {progress !== undefined && (
        <div
          class="p-upload-progress"
          role="progressbar"
          aria-label={t('Upload progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div class="p-upload-progress-bar" style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      )}
      {errors.length > 0 && (
        <ul class="p-errors" role="alert">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul class="p-file-list" aria-label={t('Chosen files')}>
          {files.map((file) => (
            <li key={file.name}>
              <span>{file.name}</span> <span class="p-file-size">{fileSize(file.size, language)}</span>
            </li>
          ))}
        </ul>
      )}
      <div class="p-file-actions">
        {!required && (
          <button type="button" class="p-button p-secondary" disabled={busy} onClick={() => skip(labels.skip || t('Skip'))}>
            {labels.skip || t('Skip')}
          </button>
        )}
        {files.length > 0 && (
          <button type="button" class="p-button p-secondary" disabled={busy} onClick={() => setFiles([])}>
            {labels.clear || t('Clear')}
          </button>
        )}
        {files.length > 0 && (
          <button type="button" class="p-button" disabled={busy} onClick={() => send(files)}>
            {labels.button || t('Upload')}
            {files.length > 1 ? ` (${files.length})` : ''}
          </button>
        )}
      </div>
    </div>
  )
}
