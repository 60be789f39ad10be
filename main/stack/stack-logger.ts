// One pino logger for the supervisor; each managed process gets a child tagged with its name.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';

export type { Logger };

export const REDACTED_PATHS = ['token', 'password', 'apiToken', 'natsToken', 'dataKey', '*.token', '*.password', '*.dataKey', 'config.apiToken', 'config.dataKey'];

/** Logs to stderr and, where a data dir is known, to `<dataDir>/logs/vantage.log`. */
export function createStackLogger(options: { dataDir?: string; level?: string; quiet?: boolean } = {}): Logger {
  const streams: pino.StreamEntry[] = [];
  if (!options.quiet) streams.push({ stream: pino.destination({ fd: 2, sync: true }) });
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'logs');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    streams.push({ stream: pino.destination({ dest: path.join(dir, 'vantage.log'), mkdir: true, sync: true }) });
  }
  return pino(
    { level: options.level ?? 'info', base: { pid: process.pid }, msgPrefix: '[supervisor] ', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    pino.multistream(streams),
  );
}

export function logFilePath(dataDir: string): string {
  return path.join(dataDir, 'logs', 'vantage.log');
}

/** A child logger whose lines read `[name] ...` and carry `service: name`. */
export function serviceLogger(logger: Logger, name: string): Logger {
  return logger.child({ service: name }, { msgPrefix: `[${name}] ` });
}

/** Level for a line of PostgreSQL's or nats-server's own log: routine chatter is debug. */
// PostgreSQL's FATALs that end one client's session while the server starts or stops as asked: our own readiness
// probe while it boots, sessions closed by a shutdown. Logged at error level, a healthy start read as a failure.
const EXPECTED_SESSION_ENDS = /FATAL: +(the database system is (starting up|shutting down|not yet accepting connections)|terminating connection due to administrator command)/;

export function levelOfServerLine(line: string): 'debug' | 'warn' | 'error' {
  if (EXPECTED_SESSION_ENDS.test(line)) return 'debug';
  // nats-server's tags stand after a space: no word boundary before their bracket (\b[FTL] never matched them).
  if (/\b(PANIC|FATAL)\b|\[FTL\]/.test(line)) return 'error';
  if (/\b(ERROR|WARNING)\b|\[(ERR|WRN)\]/.test(line)) return 'warn';
  return 'debug';
}

/** Forwards a child's output line by line into the logger. */
export function pipeLines(stream: NodeJS.ReadableStream | null | undefined, onLine: (line: string) => void): void {
  if (!stream) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(line);
  });
  stream.on('end', () => {
    if (pending.trim()) onLine(pending);
    pending = '';
  });
}
