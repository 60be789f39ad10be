// The API's names and messages start in lower case ("language-model key", "not a valid FIRMS map key…"): shown as a
// heading or a sentence of their own, they start with a capital. Pure: unit-tested from Node.
export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
