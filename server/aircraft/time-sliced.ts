// Work over many items a slice at a time: after about SLICE_MS of work the event loop gets a turn (setImmediate),
// so that a worldwide ADS-B answer does not hold the API's requests up while it is read and stored.
import { performance } from 'node:perf_hooks';

/** Work done between two turns of the event loop, in milliseconds. */
export const SLICE_MS = 8;
/** Items done between two looks at the clock. */
const CHECK_EVERY = 32;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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

/** JSON.stringify of an array, a slice of elements at a time. */
export async function stringifyInSlices(items: readonly unknown[]): Promise<string> {
  const parts = await mapInSlices(items, (item) => JSON.stringify(item));
  return `[${parts.join(',')}]`;
}
