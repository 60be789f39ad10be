import { describe, expect, it } from 'vitest';
import { LiveArrivals } from '../../renderer/src/data/live-arrivals.js';

const item = (id: string) => ({ id });
const ids = (items: ReadonlyArray<{ id: string }>) => items.map((one) => one.id);

describe('what came live while a view was being read', () => {
  it('is put before the read’s answer, newest first, when the answer lacks it', () => {
    const arrivals = new LiveArrivals<{ id: string }>(10);
    arrivals.mark();
    arrivals.add(item('b'));
    arrivals.add(item('c'));
    expect(ids(arrivals.into([item('a')]))).toEqual(['c', 'b', 'a']);
  });

  it('is not doubled when the answer has it (stored before the read was answered)', () => {
    const arrivals = new LiveArrivals<{ id: string }>(10);
    arrivals.mark();
    arrivals.add(item('b'));
    expect(ids(arrivals.into([item('b'), item('a')]))).toEqual(['b', 'a']);
  });

  it('is forgotten when the next read is sent: that read’s answer has it', () => {
    const arrivals = new LiveArrivals<{ id: string }>(10);
    arrivals.add(item('old'));
    arrivals.mark();
    expect(ids(arrivals.into([item('a')]))).toEqual(['a']);
  });

  it('keeps the layer within its cap, the newest kept', () => {
    const arrivals = new LiveArrivals<{ id: string }>(3);
    arrivals.mark();
    for (const id of ['b', 'c', 'd', 'e']) arrivals.add(item(id));
    expect(ids(arrivals.into([item('a')]))).toEqual(['e', 'd', 'c']);
  });
});
