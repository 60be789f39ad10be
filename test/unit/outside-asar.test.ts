// Binaries inside the packaged app's archive are run from its unpacked twin.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outsideAsar } from '../../main/stack/outside-asar.js';

describe('outsideAsar', () => {
  it('maps a path inside app.asar to app.asar.unpacked and leaves others alone', () => {
    const packed = path.join('/opt/Vantage/resources/app.asar', 'resources', 'bin', 'nats-server');
    expect(outsideAsar(packed)).toBe(path.join('/opt/Vantage/resources/app.asar.unpacked', 'resources', 'bin', 'nats-server'));
    expect(outsideAsar('/work/main/resources/bin/nats-server')).toBe('/work/main/resources/bin/nats-server');
    expect(outsideAsar('/data/app.asar.backup/x')).toBe('/data/app.asar.backup/x');
  });
});
