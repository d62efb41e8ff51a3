// The app's Mantine theme. Colours are Mantine's, at shades dark enough for text to read at WCAG AA (4.5:1) on
// white and on the pale backgrounds of light badges and buttons: Mantine's defaults (shade 6) fall short
// (indigo 4.3:1 under white text, green 2.4:1 in a light badge, dimmed gray 3.3:1).
import {
  Anchor,
  ColorInput,
  Drawer,
  Modal,
  Notification,
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core'

// Colours whose darkest shade is still too light for text on a pale background of their own.
const pale = new Set(['green', 'lime', 'yellow', 'orange', 'teal', 'cyan'])

/** A shade of a theme colour that reads as text (light variants) or under white text (filled ones). */
const readable = (color: string, colors: Record<string, readonly string[]>, shade: 8 | 9) => {
  const shades = colors[color]
  if (!shades) return undefined
  return pale.has(color) ? darken(shades[9], 0.35) : shades[shade]
}

const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input)
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme })
  if (!parsed.isThemeColor || parsed.shade !== undefined || parsed.color === 'dark') return base
  if (input.variant === 'filled') {
    const background = readable(parsed.color, input.theme.colors, 8)
    return background ? { ...base, background, hover: darken(background, 0.12), color: 'var(--mantine-color-white)' } : base
  }
  if (input.variant === 'light' || input.variant === 'subtle' || input.variant === 'outline' || input.variant === 'transparent') {
    const color = readable(parsed.color, input.theme.colors, 9)
    return color ? { ...base, color, ...(input.variant === 'outline' ? { border: `1px solid ${color}` } : {}) } : base
  }
  return base
}

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  variantColorResolver,
  components: {
    // Links in running text are told apart by more than their colour.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Icon-only buttons Mantine draws without a name.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    ColorInput: ColorInput.extend({ defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } }),
  },
})

/** Dimmed text (descriptions, hints, times) and links at readable contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-anchor': 'var(--mantine-color-indigo-8)' },
  dark: {},
})
