import { describe, expect, it } from 'vitest';
import { latestSuccesses, movedPipelines } from '../../renderer/src/data/use-source-updates.js';

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

  it('names none whose last success went back (a poll answered after a newer live tick), and the next move on counts once', () => {
    const seen = new Map<string, string | null>([['aircraft', '2026-11-24T01:01:05Z']]);
    const older = new Map<string, string | null>([['aircraft', '2026-11-24T01:00:05Z']]);
    expect(movedPipelines(seen, older, OPENED)).toEqual([]);
    const kept = latestSuccesses(seen, older);
    expect(kept.get('aircraft')).toBe('2026-11-24T01:01:05Z');
    // The tick it went back from, seen again: not a run.
    expect(movedPipelines(kept, seen, OPENED)).toEqual([]);
    expect(movedPipelines(kept, new Map([['aircraft', '2026-11-24T01:02:05Z']]), OPENED)).toEqual(['aircraft']);
  });
});
