// Runs the whole stack without a window: `npm run serve`, and `npm start` where Electron is absent.
import { createStackLogger, logFilePath } from './stack/stack-logger.js';
import { readStackSettings } from './stack/stack-settings.js';
import { StackSupervisor } from './stack/stack-supervisor.js';
import { headlessOutput, startTerminalStatus } from './terminal-status.js';

export async function runHeadless(reason?: string, isTTY: boolean | undefined = process.stdout.isTTY): Promise<void> {
  const settings = readStackSettings();
  // On a terminal: plain status lines; the JSON log lines go to the log file only. In pipes and CI: as before.
  const output = headlessOutput(isTTY);
  const logger = createStackLogger({ dataDir: settings.dataDir, level: settings.logLevel, quiet: !output.logToTerminal });
  if (reason) {
    // Said plainly whatever the log level: the user asked for the desktop app and gets the browser UI.
    process.stdout.write(`${reason}\n`);
    logger.info(reason);
  }
  if (output.terminalStatus) process.stdout.write(`Starting Vantage… (log: ${logFilePath(settings.dataDir)})\n`);
  const supervisor = new StackSupervisor({ settings, logger, echoApiOutput: output.echoApiOutput });
  supervisor.on('progress', (step) => logger.info(step));
  let stopStatus: () => void = () => undefined;

  let exiting = false;
  const exit = async (code: number) => {
    if (exiting) return;
    exiting = true;
    stopStatus();
    await supervisor.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void exit(0));
  process.on('SIGTERM', () => void exit(0));
  supervisor.on('fatal', (error) => {
    process.stderr.write(`\nVantage stopped: ${error.message}\nLog: ${logFilePath(settings.dataDir)}\n`);
    void exit(1);
  });

  try {
    const runtime = await supervisor.start();
    if (output.terminalStatus) {
      process.stdout.write(
        `Vantage is running at ${runtime.apiUrl}/#token=${runtime.token}\n  Data: ${settings.dataDir}\n  Log:  ${logFilePath(settings.dataDir)}\nPress Ctrl+C to stop.\n`,
      );
      stopStatus = startTerminalStatus({ apiUrl: runtime.apiUrl, token: runtime.token, write: (text) => process.stdout.write(text) });
      return;
    }
    process.stdout.write(
      `\nVantage is running (headless).\n  UI:   ${runtime.apiUrl}/#token=${runtime.token}\n` +
        `  Data: ${settings.dataDir}\n  Log:  ${logFilePath(settings.dataDir)}\nPress Ctrl+C to stop.\n`,
    );
  } catch (error) {
    process.stderr.write(`\nVantage could not start: ${(error as Error).message}\nLog: ${logFilePath(settings.dataDir)}\n`);
    await exit(1);
  }
}
