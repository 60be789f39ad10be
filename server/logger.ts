// The API process's logger: stdout (the supervisor echoes it) and the shared log file; secrets redacted.
import { mkdirSync } from 'node:fs';
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

/** The query's `token` (live socket auth) never reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
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

export function createServerLogger(options: { level: string; dataDir?: string; toStdout?: boolean }): Logger {
  const streams: pino.StreamEntry[] = [];
  if (options.toStdout ?? true) streams.push({ stream: pino.destination({ fd: 1, sync: false }) });
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'logs');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    streams.push({ stream: pino.destination({ dest: path.join(dir, 'vantage.log'), append: true, sync: false }) });
  }
  return pino(
    {
      level: options.level,
      base: { service: 'api', pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers,
    },
    pino.multistream(streams),
  );
}
