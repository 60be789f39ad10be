// One pino logger for the supervisor; each managed process gets a child tagged with its name.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { DEFAULT_LOG_LIMITS, LOG_CHECK_EVERY_MS, type LogRotationLimits, rotateIfFull } from './log-rotation.js';

export type { Logger };

export const REDACTED_PATHS = ['token', 'password', 'apiToken', 'natsToken', 'dataKey', '*.token', '*.password', '*.dataKey', 'config.apiToken', 'config.dataKey'];

export interface LogFileOptions {
  limits?: LogRotationLimits;
  /** How often its size is looked at (a minute; tests look sooner). */
  checkEveryMs?: number;
}

/**
 * The shared log file, written as each line is logged, and renamed aside once full (log-rotation.ts). A write it
 * cannot make (a full disk) stops the file for the supervisor's life, as pino stops a destination on EPIPE, and says
 * so once on stderr: unheard, the error crashed the supervisor and left PostgreSQL and nats-server running with no
 * parent.
 */
function logFileDestination(file: string, options: LogFileOptions): pino.DestinationStream {
  const stream = pino.destination({ dest: file, mkdir: true, sync: true });
  let stopped = false;
  let rotating = false;
  const rotation = setInterval(() => {
    if (stopped || rotating) return;
    rotating = true;
    rotateIfFull(file, options.limits ?? DEFAULT_LOG_LIMITS)
      .then((rotated) => {
        if (rotated && !stopped) stream.reopen();
      })
      .catch((error: NodeJS.ErrnoException) => process.stderr.write(`the log file ${file} could not be renamed aside (${error.code ?? error.message}); it grows on\n`))
      .finally(() => (rotating = false));
  }, options.checkEveryMs ?? LOG_CHECK_EVERY_MS);
  rotation.unref();
  // pino's own listener hands each error on again: it reaches this one twice.
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (stopped) return;
    stopped = true;
    clearInterval(rotation);
    stream.write = () => true;
    stream.flushSync = () => undefined;
    stream.flush = () => undefined;
    stream.end = () => undefined;
    process.stderr.write(`the log file ${file} could not be written (${error.code ?? error.message}); Vantage logs only to this terminal until it restarts\n`);
  });
  return stream;
}

/** Logs to stderr and, where a data dir is known, to `<dataDir>/logs/vantage.log` (kept to a size: log-rotation.ts). */
export function createStackLogger(options: { dataDir?: string; level?: string; quiet?: boolean; logFile?: LogFileOptions } = {}): Logger {
  const streams: pino.StreamEntry[] = [];
  if (!options.quiet) streams.push({ stream: pino.destination({ fd: 2, sync: true }) });
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'logs');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    streams.push({ stream: logFileDestination(path.join(dir, 'vantage.log'), options.logFile ?? {}) });
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

// PostgreSQL's postmaster says at LOG level that a session's process crashed (and which statement it ran, on the next
// line) and that it is restarting every session: a crash of the server's code, at debug it was in no log at all.
const BACKEND_CRASH = /server process \(PID \d+\) (was terminated by|exited with exit code)|Failed process was running:|all server processes terminated; reinitializing/;

export function levelOfServerLine(line: string): 'debug' | 'warn' | 'error' {
  if (EXPECTED_SESSION_ENDS.test(line)) return 'debug';
  if (BACKEND_CRASH.test(line)) return 'error';
  // nats-server's tags stand after a space: no word boundary before their bracket (\b[FTL] never matched them).
  if (/\b(PANIC|FATAL)\b|\[FTL\]/.test(line)) return 'error';
  if (/\b(ERROR|WARNING)\b|\[(ERR|WRN)\]/.test(line)) return 'warn';
  return 'debug';
}

type ServerLineLevel = ReturnType<typeof levelOfServerLine>;
const LEVEL_RANK: Record<ServerLineLevel, number> = { debug: 0, warn: 1, error: 2 };
/** How PostgreSQL (log_line_prefix '%m [%p] ') and nats-server start each message. */
const MESSAGE_START = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|\[\d+\] \d{4}\/\d\d\/\d\d )/;

/**
 * The levels of the lines of one stream of a server's output, in order: a line that continues a message (PostgreSQL
 * writes a statement's text on the lines after `Failed process was running:` or `STATEMENT:`) keeps at least the
 * level of the message it continues, so the statement a crashed session ran is logged whole beside the crash.
 */
export function serverLineLevels(): (line: string) => ServerLineLevel {
  let message: ServerLineLevel = 'debug';
  return (line) => {
    const own = levelOfServerLine(line);
    if (MESSAGE_START.test(line)) {
      message = own;
      return own;
    }
    return LEVEL_RANK[own] >= LEVEL_RANK[message] ? own : message;
  };
}

/**
 * Forwards one output stream of a bundled server into its logger, each line at its level; `onLine` sees each line too.
 * Each stream has a serverLineLevels of its own: the level a message's lines carry must not cross to the other stream.
 */
export function pipeServerLines(stream: NodeJS.ReadableStream | null | undefined, log: Logger, onLine?: (line: string) => void): void {
  const levelOf = serverLineLevels();
  pipeLines(stream, (line) => {
    log[levelOf(line)](line);
    onLine?.(line);
  });
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
