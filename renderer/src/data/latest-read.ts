// Reads of the same thing asked one after another (a poll, a read after a change) may answer out of order: the answer
// of an older one, put in place after a newer one's, shows what was there before (a setting just saved, a switch just
// flipped, back as it was until the next poll). Each read takes a ticket; only the newest ticket's answer is put in
// place. A write takes one too: reads asked before it do not put back the state of before it. Pure: unit-tested.

export class LatestRead {
  private newest = 0;

  /** A read (or a write) is sent: its ticket. */
  begin(): number {
    this.newest += 1;
    return this.newest;
  }

  /** Whether the answer of the read with this ticket may be put in place: nothing was asked or written since. */
  isNewest(ticket: number): boolean {
    return ticket === this.newest;
  }
}
