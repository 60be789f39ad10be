// Where the desktop app saves a file the page downloads (an export): straight into the Downloads folder, as a browser
// does, under the page's name, or "name (2).csv" when that is taken. Without a handler Electron asked where with a save
// dialog each time, while the page already said "Saved … to the Downloads folder". Pure but for `taken`: unit-tested.
import path from 'node:path';

/** The path to save `filename` at in `folder`: its own base name only (never a path out of the folder), not taken. */
export function downloadPath(folder: string, filename: string, taken: (candidate: string) => boolean): string {
  const base = path.basename(filename.replace(/\\/g, '/')).replace(/^\.+/, '') || 'download';
  const extension = path.extname(base);
  const stem = base.slice(0, base.length - extension.length);
  for (let copy = 1; ; copy += 1) {
    const candidate = path.join(folder, copy === 1 ? base : `${stem} (${copy})${extension}`);
    if (!taken(candidate)) return candidate;
  }
}
