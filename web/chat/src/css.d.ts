// esbuild loads .css files as text (scripts/build-web.mjs); the string is injected into each shadow root.
declare module '*.css' {
  const css: string
  export default css
}
