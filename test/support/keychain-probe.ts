// Run inside a D-Bus session with an unlocked gnome-keyring: obtains the data key twice and reports.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { obtainDataKey } from '../../main/keychain/data-key.js';

const dataDir = process.argv[2] as string;
const first = await obtainDataKey({ dataDir });
const second = await obtainDataKey({ dataDir });
process.stdout.write(
  `${JSON.stringify({ kind: first.storage.kind, detail: first.storage.detail, same: first.key === second.key, keyFile: existsSync(path.join(dataDir, 'keys', 'data-key')) })}\n`,
);
