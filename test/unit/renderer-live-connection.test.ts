// The live socket's reconnect rules, with a scripted WebSocket and fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, type LiveState } from '../../renderer/src/live/live-connection.js';

class ScriptedSocket {
  static readonly OPEN = 1;
  static all: ScriptedSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;

  constructor(readonly url: string) {
    ScriptedSocket.all.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    this.closedWith = code;
  }

  /** The server accepts. */
  accept(): void {
    this.readyState = ScriptedSocket.OPEN;
    this.onopen?.();
  }

  /** The server (or the network) closes it. */
  drop(code = 1012): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

function connect() {
  const states: Array<{ state: LiveState; delay: number | undefined }> = [];
  const opened = vi.fn();
  const live = new LiveConnection({
    url: 'ws://127.0.0.1/api/live',
    onMessage: () => undefined,
    onState: (state, _detail, delay) => states.push({ state, delay }),
    onOpen: opened,
  });
  live.start();
  return { live, states, opened };
}

const lastSocket = () => ScriptedSocket.all.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', ScriptedSocket);
  // No jitter: the delays are the backoff's bases.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  ScriptedSocket.all = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LiveConnection', () => {
  it('keeps backing off when the server accepts and closes at once', () => {
    const { live, states } = connect();
    const delays: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      lastSocket().accept();
      lastSocket().drop();
      const delay = states.at(-1)!.delay!;
      delays.push(delay);
      vi.advanceTimersByTime(delay);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000]);
    live.stop();
  });

  it('starts the backoff over once a socket has stayed open 10 s', () => {
    const { live, states } = connect();
    lastSocket().accept();
    lastSocket().drop();
    vi.advanceTimersByTime(states.at(-1)!.delay!);
    lastSocket().accept();
    vi.advanceTimersByTime(10_000);
    lastSocket().drop();
    expect(states.at(-1)).toEqual({ state: 'reconnecting', delay: 500 });
    live.stop();
  });

  it('asks for a catch-up after each open, the first too (it may open only after the view was read)', () => {
    const { live, states, opened } = connect();
    // A first attempt that fails: nothing opened, nothing to catch up on yet.
    lastSocket().drop();
    expect(opened).not.toHaveBeenCalled();
    vi.advanceTimersByTime(states.at(-1)!.delay!);
    lastSocket().accept();
    expect(opened).toHaveBeenCalledTimes(1);
    lastSocket().drop();
    vi.advanceTimersByTime(states.at(-1)!.delay!);
    lastSocket().accept();
    expect(opened).toHaveBeenCalledTimes(2);
    live.stop();
  });

  it('replaces a silent (half-open) socket at once, without waiting for its close', () => {
    const { live, states } = connect();
    const silent = lastSocket();
    silent.accept();
    // Two ping intervals with nothing heard, then the next keep-alive check.
    vi.advanceTimersByTime(60_000);
    expect(silent.closedWith).toBe(4000);
    expect(silent.onclose).toBeNull();
    expect(states.at(-1)!.state).toBe('reconnecting');
    vi.advanceTimersByTime(1);
    expect(ScriptedSocket.all).toHaveLength(2);
    // The old socket's late close changes nothing.
    silent.drop(1006);
    lastSocket().accept();
    expect(states.at(-1)!.state).toBe('open');
    live.stop();
  });

  it("replaces a silent socket in a minute even when the computer's clock is set back meanwhile", () => {
    const { live } = connect();
    const silent = lastSocket();
    silent.accept();
    // NTP steps the wall clock back an hour just after the network went silent.
    vi.setSystemTime(Date.now() - 3_600_000);
    vi.advanceTimersByTime(60_000);
    expect(silent.closedWith).toBe(4000);
    live.stop();
  });
});
