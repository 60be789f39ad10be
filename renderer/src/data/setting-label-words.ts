// A refused setting's message names it as the API does, by its environment name ("FIRE_BBOX must be west,south,…"):
// under the Sources tab's fields it names the field the analyst sees ("Fire area must be …"). Pure: unit-tested from Node.
import { sentenceCase } from '../format/sentence-case.js';

export function settingLabelWords(message: string, settings: ReadonlyArray<{ name: string; label: string }>): string {
  let text = message;
  for (const { name, label } of settings) text = text.replace(new RegExp(`\\b${name}\\b`, 'g'), label);
  return sentenceCase(text);
}
