// A live list kept newest first within its cap: what the socket brings goes in front, the oldest fall off the end.

/** Puts `item` in front of `list` (in place) and drops what lies past `max`. */
export function keepNewestFirst<T>(list: T[], item: T, max: number): void {
  list.unshift(item);
  if (list.length > max) list.length = max;
}
