// What the export says once its file is saved: the file's name and how many of each layer it holds, as the API's
// x-vantage-rows header counts them. Pure (`.js`-free imports): unit-tested from Node.

const NOUNS: Record<string, [string, string]> = {
  fires: ['fire', 'fires'],
  aircraft: ['aircraft', 'aircraft'],
  incidents: ['incident', 'incidents'],
  events: ['story or event', 'stories and events'],
};

/**
 * "Saved vantage-fires-aircraft-….csv: 1,217 fires, 945 aircraft, 1 incident.", and where when it is known: the desktop
 * app saves into the Downloads folder without asking (main/electron/download-path.ts); a browser may ask, or use another.
 */
export function savedWords(filename: string, rows: ReadonlyArray<[string, number]>, folder: string | null = null): string {
  const counts = rows.map(([layer, count]) => {
    const [one, many] = NOUNS[layer] ?? [layer, layer];
    return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  });
  const saved = `Saved ${filename}${folder ? ` to the ${folder}` : ''}`;
  return counts.length > 0 ? `${saved}: ${counts.join(', ')}.` : `${saved}.`;
}
