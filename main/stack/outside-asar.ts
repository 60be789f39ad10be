// In the packaged app, binaries (PostgreSQL, nats-server) are unpacked beside app.asar: a path that
// resolves inside the archive is turned into its unpacked twin, which the OS can execute.
import path from 'node:path';

export function outsideAsar(file: string): string {
  const marker = `${path.sep}app.asar${path.sep}`;
  return file.includes(marker) ? file.replace(marker, `${path.sep}app.asar.unpacked${path.sep}`) : file;
}
