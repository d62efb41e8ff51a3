// The only URLs the widget puts into links, frames, media and images: a bot author's `javascript:` or
// `data:text/html` URL would run script in the page (a link clicked, a frame loaded), so everything else is dropped.

const parse = (url: unknown): URL | undefined => {
  if (typeof url !== 'string') return undefined
  try {
    return new URL(url, location.href)
  } catch {
    return undefined
  }
}

/** Links, frames, media and redirects: http(s) and mailto only. */
export const safeUrl = (url: unknown): string | undefined => {
  const parsed = parse(url)
  return parsed && ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : undefined
}

/** Images (and CSS backgrounds): http(s), or an inline `data:image/…` (an image never runs script, even an SVG one). */
export const safeImageUrl = (url: unknown): string | undefined => {
  const parsed = parse(url)
  if (!parsed) return undefined
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.href
  return parsed.protocol === 'data:' && /^data:image\/[\w.+-]+[;,]/i.test(parsed.href) ? parsed.href : undefined
}
