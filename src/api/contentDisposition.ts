// How stored files are served: inline only for types a browser renders without running anything (raster images,
// audio, video, PDF), as a download otherwise — HTML, SVG, scripts and unknown types are never shown in the
// browser, and a sandbox CSP covers whatever still is. The type a visitor chose is served only for those inert
// types: anything else goes out as application/octet-stream, because `<script src>` and `<link rel=stylesheet>`
// ignore Content-Disposition and the CSP of what they load, and with nosniff a browser runs or applies neither
// unless its type is a script's or a stylesheet's.

/** Raster images, audio, video and PDF: shown in the browser. */
const INLINE = /^(?:image\/(?:png|jpeg|gif|webp|avif|bmp)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/pdf)$/

/** `Content-Disposition` for a file: an ASCII fallback name and the exact name RFC 5987-encoded. */
export const contentDisposition = (name: string, contentType: string): string => {
  const type = INLINE.test(contentType) ? 'inline' : 'attachment'
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'file'
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** The type a file is served with: its own when inert media, else octet-stream (never a script, style or document). */
const servedContentType = (contentType: string): string => (INLINE.test(contentType) ? contentType : 'application/octet-stream')

/** Every header a stored file is served with, besides its length. */
export const storedFileHeaders = (meta: { name: string; contentType: string }): Record<string, string> => ({
  'content-type': servedContentType(meta.contentType),
  'content-disposition': contentDisposition(meta.name, meta.contentType),
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
  // Files never change under their key, but deleting a result must make them go: browsers only, for an hour.
  'cache-control': 'private, max-age=3600',
  'cross-origin-resource-policy': 'cross-origin',
})
