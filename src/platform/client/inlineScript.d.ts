// A module bundled into one classic script, as text for an inline script element
// (scripts/inlineScripts.mjs).
declare module '*?inline-script' {
  const code: string;
  export default code;
}
