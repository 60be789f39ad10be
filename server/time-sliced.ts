// Work over many items a slice at a time: after about SLICE_MS of work the event loop gets a turn (setImmediate),
// so that a worldwide answer (10,000 ADS-B aircraft, and their geofence check) does not hold the API's requests up.
import { performance } from 'node:perf_hooks';

/**
 * Work done between two turns of the event loop, in milliseconds. Small, because a poll runs several sliced loops at
 * once (the upsert's and the geofence check's) and a waiting timer saw gaps of ~2.5 slices: with 8 ms slices the
 * 10,000-aircraft poll blocked the loop for 55–80 ms.
 */
export const SLICE_MS = 3;
/** Items done between two looks at the clock. */
const CHECK_EVERY = 32;

/** Lets the event loop run what waits (requests, timers) before the caller goes on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Calls `each` on every item in order, yielding to the event loop after every SLICE_MS of work. */
export async function forEachInSlices<T>(items: readonly T[], each: (item: T, index: number) => void): Promise<void> {
  let sliceStart = performance.now();
  for (let index = 0; index < items.length; index += 1) {
    each(items[index] as T, index);
    if (index % CHECK_EVERY === CHECK_EVERY - 1 && performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/** `items.map(each)`, a slice at a time. */
export async function mapInSlices<T, U>(items: readonly T[], each: (item: T, index: number) => U): Promise<U[]> {
  const out: U[] = [];
  await forEachInSlices(items, (item, index) => out.push(each(item, index)));
  return out;
}
