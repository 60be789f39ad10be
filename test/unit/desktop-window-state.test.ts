import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, placeWindow, readWindowState, windowStateFile, writeWindowState } from '../../main/electron/window-state.js';

const LAPTOP = { x: 0, y: 0, width: 1440, height: 875 };
const MONITOR = { x: 1440, y: -200, width: 2560, height: 1400 };

describe('the desktop window comes back where it was', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-window-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('saves and reads the bounds and the maximised flag', async () => {
    const file = windowStateFile(dir);
    expect(await readWindowState(file)).toBeNull();
    await writeWindowState(file, { x: 1600, y: 40, width: 1800, height: 1100, maximized: true });
    expect(await readWindowState(file)).toEqual({ x: 1600, y: 40, width: 1800, height: 1100, maximized: true });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ width: 1800 });
  });

  it('a damaged or hostile file means the defaults, not an error', async () => {
    const file = windowStateFile(dir);
    for (const body of ['{', '[]', '{"x":"1","y":0,"width":10,"height":10,"maximized":false}', '{"x":1e12,"y":0,"width":10,"height":10,"maximized":false}', '']) {
      await writeFile(file, body);
      expect(await readWindowState(file)).toBeNull();
    }
  });

  it('keeps the position on a display that is still there, clamped to its size', () => {
    expect(placeWindow({ x: 1600, y: 0, width: 1800, height: 1100, maximized: false }, [LAPTOP, MONITOR])).toEqual({ x: 1600, y: 0, width: 1800, height: 1100, maximized: false });
    expect(placeWindow({ x: 100, y: 50, width: 3000, height: 2000, maximized: true }, [LAPTOP])).toEqual({ x: 100, y: 50, width: 1440, height: 875, maximized: true });
  });

  it('a window left on a monitor that is gone is centred on the primary display', () => {
    expect(placeWindow({ x: 1600, y: 0, width: 1800, height: 1100, maximized: false }, [LAPTOP])).toEqual({ width: 1440, height: 875, maximized: false });
    // Only a sliver of the title bar on screen is as good as gone.
    expect(placeWindow({ x: 1400, y: 10, width: 1000, height: 700, maximized: false }, [LAPTOP])).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('a first start on a small laptop fits the default size to its work area (1,366×768: not 1,440×900 off the screen)', () => {
    expect(placeWindow(null, [{ x: 0, y: 0, width: 1366, height: 728 }])).toEqual({ width: 1366, height: 728, maximized: false });
    expect(placeWindow(null, [LAPTOP])).toEqual({ width: 1440, height: 875, maximized: false });
  });

  it('never smaller than the window minimum; no saved state means the default size', () => {
    expect(placeWindow({ x: 0, y: 0, width: 200, height: 100, maximized: false }, [LAPTOP])).toMatchObject({ width: 960, height: 600 });
    expect(placeWindow(null, [{ x: 0, y: 0, width: 2560, height: 1400 }])).toEqual({ ...DEFAULT_SIZE, maximized: false });
    expect(placeWindow(null, [])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });
});
