// Sizes of media bubbles (height of videos and embeds).

/** A numeric size from a number or a templated string ("300", "{{h}}" once templated); else the default. */
export const parseSize = (value: unknown, fallback: number): number => {
  const size = typeof value === 'string' ? Number.parseFloat(value) : value
  return typeof size === 'number' && Number.isFinite(size) ? size : fallback
}
