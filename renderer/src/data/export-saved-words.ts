// What the export says once its file is saved: the file's name and how many of each layer it holds, as the API's
// x-vantage-rows header counts them. Pure (`.js`-free imports): unit-tested from Node.

const NOUNS: Record<string, [string, string]> = {
  fires: ['fire', 'fires'],
  aircraft: ['aircraft', 'aircraft'],
  incidents: ['incident', 'incidents'],
};

/**
 * "Saved vantage-fires-aircraft-….csv to the Downloads folder: 1,217 fires, 945 aircraft, 1 incident." Where: the desktop
 * app saves there (main/electron/download-path.ts), as a browser does unless told to ask.
 */
export function savedWords(filename: string, rows: ReadonlyArray<[string, number]>): string {
  const counts = rows.map(([layer, count]) => {
    const [one, many] = NOUNS[layer] ?? [layer, layer];
    return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  });
  const saved = `Saved ${filename} to the Downloads folder`;
  return counts.length > 0 ? `${saved}: ${counts.join(', ')}.` : `${saved}.`;
}
