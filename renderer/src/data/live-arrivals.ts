// What the live socket brought while a read of the view was on its way. The read's answer was taken before those
// arrived, so putting it in place of the layer's list would drop them until the next read. A read notes the mark when
// it is sent; its answer takes back what came after that mark. Reads may overlap (the aircraft are read again every
// 30 s, a view load with them): each has its own mark. Pure (`.js` specifiers): unit-tested from Node.

export class LiveArrivals<T> {
  private arrived: Array<{ seq: number; item: T }> = [];
  private seq = 0;

  /**
   * `keyOf`: what makes two items the same (an alert's id; a pair's aircraft and target). At most `max` arrivals are
   * kept, the layer's own cap: older ones are in any read sent since.
   */
  constructor(
    private readonly keyOf: (item: T) => string,
    private readonly max: number,
  ) {}

  /** A read is sent: what came before this is in its answer (the live socket announces only what was stored). */
  mark(): number {
    return this.seq;
  }

  add(item: T): void {
    this.seq += 1;
    this.arrived.push({ seq: this.seq, item });
    if (this.arrived.length > this.max) this.arrived.splice(0, this.arrived.length - this.max);
  }

  /**
   * The answer of a read sent at `mark` (newest first), after what arrived since and is not in it (newest first too),
   * within the cap.
   */
  into(answer: readonly T[], mark: number): T[] {
    const seen = new Set(answer.map(this.keyOf));
    const missing: T[] = [];
    // Newest first; an item announced twice (a pair seen again) is taken once, as it was last.
    for (let index = this.arrived.length - 1; index >= 0 && this.arrived[index]!.seq > mark; index -= 1) {
      const { item } = this.arrived[index]!;
      const key = this.keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      missing.push(item);
    }
    return missing.length === 0 ? [...answer] : [...missing, ...answer].slice(0, this.max);
  }
}
