import { describe, expect, it } from 'vitest';
import { findElectronRuntime } from '../../main/electron-runtime.js';

describe('Electron runtime detection', () => {
  it('answers present with an existing binary, or absent with a reason a user can act on', async () => {
    const runtime = findElectronRuntime();
    if (runtime.present) {
      const { existsSync } = await import('node:fs');
      expect(existsSync(runtime.binary)).toBe(true);
    } else {
      expect(runtime.reason).toMatch(/electron package is not installed|no Electron runtime on this machine/);
    }
  });
});
