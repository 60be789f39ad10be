// Which clients' viewports meet an event's bbox, without testing every client: viewports are filed under
// the 10° cells they cover, and an event is tested only against the clients filed under its own cells.
import type { Bbox } from '../http/query-params.js';
import { bboxesIntersect } from './viewport.js';

const CELL_DEGREES = 10;
const COLUMNS = 360 / CELL_DEGREES;
const ROWS = 180 / CELL_DEGREES;

function column(lon: number): number {
  return Math.min(COLUMNS - 1, Math.max(0, Math.floor((lon + 180) / CELL_DEGREES)));
}

function row(lat: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
}

/** The cells a bbox covers (west > east: across the antimeridian). */
function cellsOf([west, south, east, north]: Bbox): number[] {
  const columns: number[] = [];
  if (west <= east) for (let c = column(west); c <= column(east); c += 1) columns.push(c);
  else {
    for (let c = column(west); c < COLUMNS; c += 1) columns.push(c);
    for (let c = 0; c <= column(east); c += 1) columns.push(c);
  }
  const cells: number[] = [];
  for (let r = row(south); r <= row(north); r += 1) for (const c of columns) cells.push(r * COLUMNS + c);
  return cells;
}

export class ViewportIndex<Member> {
  private readonly cells: Array<Set<Member>> = Array.from({ length: COLUMNS * ROWS }, () => new Set<Member>());
  private readonly filed = new Map<Member, { viewport: Bbox; cells: number[] }>();

  set(member: Member, viewport: Bbox): void {
    this.delete(member);
    const cells = cellsOf(viewport);
    for (const cell of cells) this.cells[cell]!.add(member);
    this.filed.set(member, { viewport, cells });
  }

  delete(member: Member): void {
    const filed = this.filed.get(member);
    if (!filed) return;
    for (const cell of filed.cells) this.cells[cell]!.delete(member);
    this.filed.delete(member);
  }

  /** Calls `visit` once for every member whose viewport meets `target`. */
  forEachMeeting(target: Bbox, visit: (member: Member) => void): void {
    const cells = cellsOf(target);
    const seen = cells.length > 1 ? new Set<Member>() : null;
    for (const cell of cells) {
      for (const member of this.cells[cell]!) {
        if (seen) {
          if (seen.has(member)) continue;
          seen.add(member);
        }
        if (bboxesIntersect(this.filed.get(member)!.viewport, target)) visit(member);
      }
    }
  }
}
