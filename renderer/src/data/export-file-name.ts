// An export's file name not yet saved in this session: "vantage-…-at-20261127T1056Z (2).csv" for the second file of
// one playback minute (its name is stamped with the minute). The browser or the desktop app would number it themselves,
// and the "Saved …" line would then name the first file. Pure (`.js` specifiers): unit-tested from Node.

/** `name`, or it numbered from 2 before its extension when already in `saved`; the name returned is added to it. */
export function nameNotYetSaved(name: string, saved: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let copy = 2; saved.has(candidate); copy += 1) candidate = `${stem} (${copy})${extension}`;
  saved.add(candidate);
  return candidate;
}
