// The playback bar's word on aircraft at a minute before any position was kept, or in a gap of the recording.
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

  it('says a minute in a gap of the recording had no positions kept, from the last before it to the first after', () => {
    const span = { from: FROM, to: '2026-11-27T20:00:00Z' };
    const gap = { from: '2026-11-27T12:04:10Z', to: '2026-11-27T13:31:05Z' };
    expect(aircraftRecordedNote(span, minute('2026-11-27T12:40:00Z'), clock, gap)).toBe(
      'No aircraft positions kept from 12:04 to 13:31: the app was closed, or the feed gave none.',
    );
    expect(aircraftRecordedNote(span, minute('2026-11-27T19:40:00Z'), clock, { from: '2026-11-27T19:02:00Z', to: null })).toBe(
      'No aircraft positions kept after 19:02: the feed has given none since.',
    );
    // Before the first position, the recording's start is the word.
    expect(aircraftRecordedNote(span, minute('2026-11-27T09:00:00Z'), clock, { from: null, to: FROM })).toBe('No aircraft before 10:07: positions are kept from the first poll on.');
  });
});
