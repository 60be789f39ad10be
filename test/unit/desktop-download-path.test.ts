// Where the desktop app saves an export: the Downloads folder, a name of its own.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadPath } from '../../main/electron/download-path.js';

describe('downloadPath', () => {
  const folder = path.join('/home', 'analyst', 'Downloads');
  const none = () => false;

  it("saves under the page's name in the folder", () => {
    expect(downloadPath(folder, 'vantage-fires-20261130T121235Z.csv', none)).toBe(path.join(folder, 'vantage-fires-20261130T121235Z.csv'));
  });

  it('numbers a name already taken, before its extension', () => {
    const taken = new Set([path.join(folder, 'vantage-map.png'), path.join(folder, 'vantage-map (2).png')]);
    expect(downloadPath(folder, 'vantage-map.png', (candidate) => taken.has(candidate))).toBe(path.join(folder, 'vantage-map (3).png'));
    expect(downloadPath(folder, 'notes', (candidate) => candidate === path.join(folder, 'notes'))).toBe(path.join(folder, 'notes (2)'));
  });

  it('never leaves the folder, whatever the name says', () => {
    expect(downloadPath(folder, '../../.bashrc', none)).toBe(path.join(folder, 'bashrc'));
    expect(downloadPath(folder, '..\\..\\evil.csv', none)).toBe(path.join(folder, 'evil.csv'));
    expect(downloadPath(folder, '/etc/passwd', none)).toBe(path.join(folder, 'passwd'));
    expect(downloadPath(folder, '..', none)).toBe(path.join(folder, 'download'));
  });
});
