// What the live socket brought while a view's read was on its way. The read's answer was taken before those arrived,
// so putting it in place of the layer's list would drop them until the view moves again. Each read marks its start;
// its answer takes back what came since. Pure (`.js` specifiers): unit-tested from Node.

export class LiveArrivals<T extends { id: string }> {
  private arrived: T[] = [];

  /** At most this many are kept between a read's start and its answer (the layer's own cap). */
  constructor(private readonly max: number) {}

  /** A read is sent: what came before this is in its answer (the live socket announces only what was stored). */
  mark(): void {
    this.arrived = [];
  }

  add(item: T): void {
    this.arrived.push(item);
    if (this.arrived.length > this.max) this.arrived.splice(0, this.arrived.length - this.max);
  }

  /** The answer (newest first), after what arrived since the mark and is not in it (newest first too), within the cap. */
  into(answer: readonly T[]): T[] {
    const answered = new Set(answer.map((item) => item.id));
    const missing = this.arrived.filter((item) => !answered.has(item.id)).reverse();
    return [...missing, ...answer].slice(0, this.max);
  }
}
