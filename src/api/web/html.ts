// Escaping for the server-rendered pages: every value that comes from a bot (its author's text) or a visitor (the
// query string) goes through one of these before it reaches HTML, a script element or CSS.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text content and (quoted) attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])

/** JSON that can sit inside a script element or an attribute: nothing in it can close the element or the string. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** An absolute http(s) URL, normalised; anything else (javascript:, data:, relative, templated) is dropped. */
export const httpUrl = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return undefined
  try {
    return new URL(value.trim()).href
  } catch {
    return undefined
  }
}

/** A CSS colour written as a hex, a name or a functional notation; nothing that could end the declaration. */
export const cssColor = (value: unknown): string | undefined =>
  typeof value === 'string' && /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\))$/i.test(value.trim()) ? value.trim() : undefined

/** A URL as a CSS string (`url("…")`): quotes, backslashes, line breaks and angle brackets (`</style>`) escaped. */
export const cssUrl = (url: string) => `url("${url.replace(/["\\\n\r\f<>]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`
