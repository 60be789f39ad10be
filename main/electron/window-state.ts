// Where the desktop window was: its normal bounds and whether it was maximised, kept in the data folder
// (`window-state.json`) and put back at the next start — on a display that still exists, never off-screen.
// Plain Node (no Electron import): unit-tested without an Electron runtime.
import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState extends Rect {
  maximized: boolean;
}

/** What the window is created with: a position only when it lands on a display. */
export interface WindowPlacement {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1440, height: 900 } as const;
export const MIN_SIZE = { width: 960, height: 600 } as const;
/** How much of the title bar must lie on a display for the saved position to be kept. */
const VISIBLE_GRIP = { width: 120, height: 40 } as const;

const coordinate = z.number().int().min(-100_000).max(100_000);
const windowStateSchema = z.object({
  x: coordinate,
  y: coordinate,
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  maximized: z.boolean(),
});

export function windowStateFile(dataDir: string): string {
  return path.join(dataDir, 'window-state.json');
}

/** The saved state, or null when there is none or it is unreadable (a damaged file is not an error: defaults). */
export async function readWindowState(file: string): Promise<WindowState | null> {
  try {
    const parsed = windowStateSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Written to a temporary file and renamed, so a crash mid-write leaves the previous state. */
export async function writeWindowState(file: string, state: WindowState): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, JSON.stringify(windowStateSchema.parse(state)), { mode: 0o600 });
  await rename(temporary, file);
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** A size no larger than the work area it goes on (when there is one), nor smaller than the window's minimum. */
function fitted(size: { width: number; height: number }, area: Rect | undefined): { width: number; height: number } {
  return {
    width: Math.max(MIN_SIZE.width, area ? Math.min(size.width, area.width) : size.width),
    height: Math.max(MIN_SIZE.height, area ? Math.min(size.height, area.height) : size.height),
  };
}

/**
 * The placement for a saved state on today's displays (their work areas): kept where it was when its title bar is on
 * a display, else centred by the system on the primary one; its size never larger than the display it lands on nor
 * smaller than the window's minimum.
 */
export function placeWindow(state: WindowState | null, workAreas: readonly Rect[]): WindowPlacement {
  const primary = workAreas[0];
  // A first start fits the default to the primary display's work area: on a 1,366×768 laptop a 1,440×900 window ran
  // off the screen, and the renderer's first-start layout (the brief folded below 1,400 px) read its width, not the
  // screen's.
  if (!state) return { ...fitted(DEFAULT_SIZE, primary), maximized: false };
  const titleBar: Rect = { x: state.x, y: state.y, width: state.width, height: VISIBLE_GRIP.height };
  const home = workAreas.find((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= Math.min(VISIBLE_GRIP.width, state.width) && shared.height >= VISIBLE_GRIP.height / 2;
  });
  const { width, height } = fitted(state, home ?? primary);
  return home ? { x: state.x, y: state.y, width, height, maximized: state.maximized } : { width, height, maximized: state.maximized };
}
