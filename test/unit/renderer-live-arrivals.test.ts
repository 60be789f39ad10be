import { describe, expect, it } from 'vitest';
import { LiveArrivals } from '../../renderer/src/data/live-arrivals.js';

interface Item {
  id: string;
  seen?: number;
}
const item = (id: string, seen?: number): Item => ({ id, ...(seen === undefined ? {} : { seen }) });
const ids = (items: readonly Item[]) => items.map((one) => one.id);
const arrivals = (max = 10) => new LiveArrivals<Item>((one) => one.id, max);

describe('what came live while a read of the view was on its way', () => {
  it('is put before the read’s answer, newest first, when the answer lacks it', () => {
    const live = arrivals();
    const mark = live.mark();
    live.add(item('b'));
    live.add(item('c'));
    expect(ids(live.into([item('a')], mark))).toEqual(['c', 'b', 'a']);
  });

  it('is not doubled when the answer has it (stored before the read was answered)', () => {
    const live = arrivals();
    const mark = live.mark();
    live.add(item('b'));
    expect(ids(live.into([item('b'), item('a')], mark))).toEqual(['b', 'a']);
  });

  it('is left out of the answer of a read sent after it came: that read’s answer has it', () => {
    const live = arrivals();
    live.add(item('old'));
    const mark = live.mark();
    expect(ids(live.into([item('a')], mark))).toEqual(['a']);
  });

  it('serves reads that overlap, each from its own mark', () => {
    const live = arrivals();
    const first = live.mark();
    live.add(item('b'));
    const second = live.mark();
    live.add(item('c'));
    // The second read answers first; the first, sent before b came, still takes it back.
    expect(ids(live.into([item('a'), item('b')], second))).toEqual(['c', 'a', 'b']);
    expect(ids(live.into([item('a')], first))).toEqual(['c', 'b', 'a']);
  });

  it('takes an item announced twice once, as it was last', () => {
    const live = arrivals();
    const mark = live.mark();
    live.add(item('p', 1));
    live.add(item('q'));
    live.add(item('p', 2));
    expect(live.into([], mark)).toEqual([item('p', 2), item('q')]);
  });

  it('keeps the layer within its cap, the newest kept', () => {
    const live = arrivals(3);
    const mark = live.mark();
    for (const id of ['b', 'c', 'd', 'e']) live.add(item(id));
    expect(ids(live.into([item('a')], mark))).toEqual(['e', 'd', 'c']);
  });
});
