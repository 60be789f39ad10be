// Who may call the main process over IPC, as a plain decision the Electron layer applies: the main
// frame of our own window, showing either the app's own origin or the start-up page main loaded.
// Every handler is registered through `createIpcGate(...).handle`, which checks the sender first.
// Nothing here loads electron: `ipcMain` is passed in, and events are read through minimal shapes.

/** Which of our pages sent a message. */
export type SenderPage = 'app' | 'startup';

/** What is known about one message's sender, as plain values. */
export interface IpcSenderFacts {
  /** `event.sender.id`: the webContents that sent it. */
  contentsId: number;
  /** `event.senderFrame.url`; null when the frame has since navigated or been destroyed. */
  frameUrl: string | null;
  /** The sending frame is its webContents' current main frame (not a subframe, not a replaced document). */
  isMainFrame: boolean;
}

/** What main currently shows: our window, and either the app (its origin) or a start-up page (its URL). */
export interface IpcAllowedSenders {
  windowContentsId: number | null;
  appOrigin: string | null;
  startupPageUrl: string | null;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The page a message comes from, or null to refuse it: another webContents, a subframe, a frame that is
 * gone, file:, about:blank, another origin, or a data: page that is not the start-up page main loaded.
 */
export function ipcSenderPage(sender: IpcSenderFacts, allowed: IpcAllowedSenders): SenderPage | null {
  if (allowed.windowContentsId === null || sender.contentsId !== allowed.windowContentsId) return null;
  if (!sender.isMainFrame || !sender.frameUrl) return null;
  const url = parse(sender.frameUrl);
  if (!url) return null;
  if (allowed.appOrigin) {
    const app = parse(allowed.appOrigin);
    if (app && (app.protocol === 'http:' || app.protocol === 'https:') && url.origin === app.origin) return 'app';
  }
  if (allowed.startupPageUrl && url.protocol === 'data:') {
    const startup = parse(allowed.startupPageUrl);
    if (startup && url.href === startup.href) return 'startup';
  }
  return null;
}

/** The parts of Electron's frame, webContents and invoke event the gate reads. */
interface FrameLike {
  readonly url: string;
  readonly processId: number;
  readonly frameToken: string;
  readonly parent: unknown;
}
export interface InvokeEventLike {
  readonly sender: { readonly id: number; readonly mainFrame: FrameLike };
  readonly senderFrame: FrameLike | null;
}

export function ipcSenderFacts(event: InvokeEventLike): IpcSenderFacts {
  const frame = event.senderFrame;
  const main = event.sender.mainFrame;
  const isMainFrame = frame !== null && frame.parent === null && frame.processId === main.processId && frame.frameToken === main.frameToken;
  return { contentsId: event.sender.id, frameUrl: frame?.url ?? null, isMainFrame };
}

/** Electron's `ipcMain`, as far as the gate uses it. */
export interface IpcMainLike<E extends InvokeEventLike> {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => unknown): void;
}

export type GatedHandler<E, R> = (page: SenderPage, event: E, ...args: unknown[]) => R | Promise<R>;

export interface IpcGate<E extends InvokeEventLike> {
  /** Registers `channel`; a message from anywhere but `pages` answers null without running the handler. */
  handle<R>(channel: string, pages: readonly SenderPage[], handler: GatedHandler<E, R>): void;
}

export function createIpcGate<E extends InvokeEventLike>(
  ipc: IpcMainLike<E>,
  allowed: () => IpcAllowedSenders,
  onRefused: (channel: string, sender: IpcSenderFacts) => void = () => undefined,
): IpcGate<E> {
  return {
    handle(channel, pages, handler) {
      ipc.handle(channel, async (event, ...args) => {
        const facts = ipcSenderFacts(event);
        const page = ipcSenderPage(facts, allowed());
        if (!page || !pages.includes(page)) {
          onRefused(channel, facts);
          return null;
        }
        return handler(page, event, ...args);
      });
    },
  };
}
