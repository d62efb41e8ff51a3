// A bot author's SVG icon (the rating input's custom icon) drawn as an image, never put into the page: an SVG shown as
// an image runs no script and loads nothing, whatever it holds (`<script>`, event handlers, `<foreignObject>`, links
// to other files). The widget paints it as a CSS mask over the current colour, so it takes the theme's colours as
// Typebot's inline icons do, and, as there, it is drawn hollow until picked, then filled.

export type IconImages = { hollow: string; solid: string }

/** CSS images of the markup's first `<svg>`: its strokes only, and filled; nothing when it has none. */
export const iconImages = (markup: unknown): IconImages | undefined => {
  if (typeof markup !== 'string') return undefined
  // Parsed in a document of its own, which has no window: nothing in it runs or loads.
  const svg = new DOMParser().parseFromString(markup, 'text/html').querySelector('svg')
  if (!svg) return undefined
  // Like Typebot's stylesheet, the colours are set on the root: shapes that name their own keep them.
  const image = (paint: string) => {
    svg.setAttribute('style', paint)
    return `url("data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}")`
  }
  return { hollow: image('fill:none;stroke:#000'), solid: image('fill:#000;stroke:#000') }
}
