// The playback bar's word on aircraft at a minute before any position was kept.
import { describe, expect, it } from 'vitest';
import { aircraftRecordedNote } from '../../renderer/src/data/aircraft-recorded-note.js';

const clock = (epochMs: number) => new Date(epochMs).toISOString().slice(11, 16);
const FROM = '2026-11-27T10:07:30Z';
const minute = (iso: string) => Date.parse(iso);

describe('aircraftRecordedNote', () => {
  it('says when the recording began for a minute wholly before it', () => {
    expect(aircraftRecordedNote({ from: FROM, to: '2026-11-27T11:00:00Z' }, minute('2026-11-27T09:15:00Z'), clock)).toBe('No aircraft before 10:07: positions are kept from the first poll on.');
    expect(aircraftRecordedNote({ from: FROM, to: null }, minute('2026-11-27T10:06:00Z'), clock)).toBe('No aircraft before 10:07: positions are kept from the first poll on.');
  });

  it('says nothing from the minute the recording began, nor while the span is unknown', () => {
    expect(aircraftRecordedNote({ from: FROM, to: '2026-11-27T11:00:00Z' }, minute('2026-11-27T10:07:00Z'), clock)).toBeNull();
    expect(aircraftRecordedNote({ from: FROM, to: '2026-11-27T11:00:00Z' }, minute('2026-11-27T10:40:00Z'), clock)).toBeNull();
    expect(aircraftRecordedNote(null, minute('2026-11-27T09:15:00Z'), clock)).toBeNull();
  });

  it('says none is recorded yet when no position is kept at all', () => {
    expect(aircraftRecordedNote({ from: null, to: null }, minute('2026-11-27T09:15:00Z'), clock)).toBe('No aircraft recorded yet: positions are kept from the first poll on.');
  });
});
