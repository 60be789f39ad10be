import { describe, expect, it } from 'vitest';
import { natsServers } from '../../server/bus/bus-connection.js';
import { readStreamSettings } from '../../server/events/stream-settings.js';

describe('NATS_STREAM_REPLICAS', () => {
  it('is 1 unless set, and takes 1 to 5', () => {
    expect(readStreamSettings({})).toEqual({ replicas: 1 });
    expect(readStreamSettings({ NATS_STREAM_REPLICAS: '' })).toEqual({ replicas: 1 });
    expect(readStreamSettings({ NATS_STREAM_REPLICAS: ' 3 ' })).toEqual({ replicas: 3 });
    expect(readStreamSettings({ NATS_STREAM_REPLICAS: '5' })).toEqual({ replicas: 5 });
  });

  it('refuses anything else by name', () => {
    for (const value of ['0', '6', '2.5', 'three', '-1']) {
      expect(() => readStreamSettings({ NATS_STREAM_REPLICAS: value }), value).toThrow(/NATS_STREAM_REPLICAS/);
    }
  });
});

describe('NATS_URL', () => {
  it('takes one server or a comma-separated list', () => {
    expect(natsServers('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
    expect(natsServers('nats://a:4222, nats://b:4222 ,nats://c:4222,')).toEqual(['nats://a:4222', 'nats://b:4222', 'nats://c:4222']);
    expect(() => natsServers(' , ')).toThrow('NATS_URL names no server');
  });
});
