import { describe, expect, it } from 'vitest';
import { movedPipelines } from '../../renderer/src/data/use-source-updates.js';

const OPENED = Date.parse('2026-11-24T01:00:00Z');

describe('movedPipelines', () => {
  it('on the first report, names the sources that succeeded after the page opened, not those long before', () => {
    const first = new Map([
      ['fires', '2026-11-24T01:00:03Z'],
      ['news', '2026-11-23T23:00:00Z'],
      ['cameras', null],
    ]);
    expect(movedPipelines(null, first, OPENED)).toEqual(['fires']);
  });

  it('after that, names the sources whose last success changed, and never one that has not succeeded', () => {
    const previous = new Map<string, string | null>([
      ['fires', '2026-11-24T01:00:03Z'],
      ['aircraft', '2026-11-24T01:00:05Z'],
      ['cameras', null],
    ]);
    const current = new Map<string, string | null>([
      ['fires', '2026-11-24T01:00:03Z'],
      ['aircraft', '2026-11-24T01:01:05Z'],
      ['cameras', null],
      ['news', '2026-11-24T01:01:00Z'],
    ]);
    expect(movedPipelines(previous, current, OPENED)).toEqual(['aircraft', 'news']);
  });
});
