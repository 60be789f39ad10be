// What headless `npm start` / `npm run serve` shows on a terminal: where the UI is, then one plain line
// per pipeline whenever its state changes, read from the API's health. JSON logs go to the log file only.
import type { HealthReport } from '../server/health/health-schemas.js';

export interface HeadlessOutput {
  /** Supervisor log lines to stderr too (else the log file only). */
  logToTerminal: boolean;
  /** The API's JSON lines echoed by the supervisor. */
  echoApiOutput: boolean;
  /** Plain status lines from health. */
  terminalStatus: boolean;
}

/** On a terminal, plain status; in pipes and CI, the JSON lines as before. */
export function headlessOutput(isTTY: boolean | undefined): HeadlessOutput {
  const tty = isTTY === true;
  return { logToTerminal: !tty, echoApiOutput: !tty, terminalStatus: tty };
}

type Pipelines = HealthReport['pipelines'];
type Freshness = Pipelines[string];

/** One terminal line: long reasons (every failed URL) are cut; the log file has them whole. */
function brief(text: string, max = 160): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function stateOf(pipeline: Freshness): { key: string; line: string | null } {
  if (pipeline.stale && pipeline.lastError) return { key: `failing:${pipeline.lastError}`, line: `failing — ${brief(pipeline.lastError)}` };
  if (pipeline.lastSuccessAt === null) return { key: 'waiting', line: null };
  if (pipeline.stale) return { key: 'stale', line: `stale — ${brief(pipeline.reason ?? 'no recent success')}` };
  return { key: 'ok', line: 'up to date' };
}

/** Lines for what changed between two health reports (`before` null: the first report). Pure. */
export function describeHealthChanges(before: Pick<HealthReport, 'pipelines' | 'status'> | null, after: Pick<HealthReport, 'pipelines' | 'status'>): string[] {
  const lines: string[] = [];
  for (const [name, pipeline] of Object.entries(after.pipelines)) {
    const now = stateOf(pipeline);
    const previous = before?.pipelines[name];
    const was = previous ? stateOf(previous) : null;
    if (was?.key === now.key) {
      const added = pipeline.rejected - (previous?.rejected ?? 0);
      if (added > 0) lines.push(`${name}: skipped ${added.toLocaleString('en-US')} malformed record${added === 1 ? '' : 's'}`);
      continue;
    }
    if (now.line) lines.push(`${name}: ${now.line}`);
    else if (was) lines.push(`${name}: waiting for its first run`);
  }
  return lines;
}

export interface TerminalStatusOptions {
  apiUrl: string;
  token: string;
  write: (text: string) => void;
  intervalMs?: number;
  fetch?: typeof fetch;
}

/** Polls GET /api/health and writes changes; answers a stop function. Unreachable health is said once. */
export function startTerminalStatus(options: TerminalStatusOptions): () => void {
  const get = options.fetch ?? fetch;
  let last: HealthReport | null = null;
  let unreachable = false;
  let stopped = false;
  const poll = async () => {
    try {
      const response = await get(`${options.apiUrl}/api/health`, { headers: { authorization: `Bearer ${options.token}` }, signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const report = (await response.json()) as HealthReport;
      if (stopped) return;
      if (unreachable) options.write('API answering again\n');
      unreachable = false;
      for (const line of describeHealthChanges(last, report)) options.write(`${line}\n`);
      last = report;
    } catch (error) {
      if (!stopped && !unreachable) options.write(`health not answering: ${(error as Error).message}\n`);
      unreachable = true;
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), options.intervalMs ?? 15_000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
