// Moving through a row or a column of controls from the keyboard (the side panel's tabs, a popup's list of objects):
// the arrows of its direction step round the ends, Home and End go to the first and the last.

/** The index a key moves to from `index` of `count` controls laid out in a `row` or a `column`; null for any other key. */
export function indexByKey(index: number, count: number, key: string, layout: 'row' | 'column'): number | null {
  const [back, forward] = layout === 'row' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (key === forward) return (index + 1) % count;
  if (key === back) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
