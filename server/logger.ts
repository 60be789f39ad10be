// The API process's logger: stdout (the supervisor echoes it) and the shared log file; secrets redacted.
import { fstat, mkdirSync, stat } from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'token',
  'apiToken',
  'natsToken',
  'password',
  'value',
  '*.token',
  '*.apiToken',
  '*.password',
  'config.apiToken',
  'config.natsToken',
  'config.databaseUrl',
  'config.dataKey',
  'dataKey',
];

// Query parameters that carry secrets, by their decoded name: `?%74oken=` is `token` to the router too.
const SECRET_QUERY_PARAMS = new Set(['token', 'access_token', 'api_key', 'apikey', 'key', 'map_key', 'password', 'secret']);

/** A query parameter's name as a server would read it, however many times its spelling was encoded. */
function decodedParamName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(name);
    } catch {
      break;
    }
    if (next === name) break;
    name = next;
  }
  return name.trim().toLowerCase();
}

/** The URL with the value of every secret-carrying query parameter replaced, whatever the name's spelling. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, fragmentStart === -1 ? undefined : fragmentStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return SECRET_QUERY_PARAMS.has(decodedParamName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** How often the API looks whether the log file it writes to was renamed aside. */
const LOG_FOLLOW_EVERY_MS = 30_000;

/**
 * The shared log file, written behind the logger. The supervisor renames it aside once full and opens a new one
 * (main/stack/log-rotation.ts): when the file at the path is no longer the one written to, it is opened again (the
 * lines in between went to the end of the one renamed aside). A write it cannot make (a full disk) stops the file for
 * this process's life, as pino stops a destination on EPIPE, and says so once on stderr: unheard, the error ended the
 * process, whose last flush then retried the write every 100 ms for as long as the disk stayed full, holding the API's
 * port with nobody answering.
 */
function logFileDestination(file: string, followEveryMs: number): { stream: pino.DestinationStream; close: () => Promise<void> } {
  const stream = pino.destination({ dest: file, append: true, sync: false, mkdir: true });
  let stopped = false;
  // The file written to, known by its device and inode once opened (and again after each reopening): read from the
  // open file itself, as whole numbers (an NTFS file id passes 2^53, where two files could read alike as doubles).
  let written: string | null = null;
  stream.on('ready', () => {
    const fd = (stream as unknown as { fd: number }).fd;
    fstat(fd, { bigint: true }, (error, opened) => (written = error ? null : `${opened.dev}:${opened.ino}`));
  });
  const follow = setInterval(() => {
    if (stopped || written === null) return;
    stat(file, { bigint: true }, (error, atPath) => {
      if (stopped || written === null) return;
      const renamedAside = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT' || (!error && `${atPath.dev}:${atPath.ino}` !== written);
      if (!renamedAside) return;
      written = null;
      stream.reopen();
    });
  }, followEveryMs);
  follow.unref();
  // pino's own listener hands each error on again: it reaches this one twice.
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (stopped) return;
    stopped = true;
    clearInterval(follow);
    stream.write = () => true;
    stream.flushSync = () => undefined;
    stream.flush = () => undefined;
    stream.end = () => undefined;
    process.stderr.write(`the log file ${file} could not be written (${error.code ?? error.message}); the API logs only to its output until it restarts\n`);
  });
  const close = async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(follow);
    // Its last write may fail (a full disk): that ends it too. A line logged after it goes nowhere, not to a thrown
    // "SonicBoom destroyed".
    await new Promise<void>((resolve) => {
      stream.once('close', () => resolve());
      stream.once('error', () => resolve());
      stream.end();
    });
    stream.write = () => true;
  };
  return { stream, close };
}

/** What ends each logger's file, by logger: only a process that lives on after its logger (a test) needs it. */
const fileClosers = new WeakMap<Logger, () => Promise<void>>();

/**
 * Writes out the logger's last lines to its file, closes it and stops following its path. A logger left open in a
 * process that goes on (the tests' workers) would open the file again at its next look once its folder was deleted,
 * making the folder anew.
 */
export async function closeServerLogger(logger: Logger): Promise<void> {
  await fileClosers.get(logger)?.();
  fileClosers.delete(logger);
}

export function createServerLogger(options: { level: string; dataDir?: string; toStdout?: boolean; followLogEveryMs?: number }): Logger {
  const streams: pino.StreamEntry[] = [];
  if (options.toStdout ?? true) streams.push({ stream: pino.destination({ fd: 1, sync: false }) });
  let logFile: ReturnType<typeof logFileDestination> | null = null;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'logs');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    logFile = logFileDestination(path.join(dir, 'vantage.log'), options.followLogEveryMs ?? LOG_FOLLOW_EVERY_MS);
    streams.push({ stream: logFile.stream });
  }
  const logger = pino(
    {
      level: options.level,
      base: { service: 'api', pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers,
    },
    pino.multistream(streams),
  );
  if (logFile) fileClosers.set(logger, logFile.close);
  return logger;
}
