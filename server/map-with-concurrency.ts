// Bounded parallel work over a list, shared by the pipelines (feeds, camera address checks).
/** Runs `work` over `items`, at most `limit` at a time; answers results in input order, or the first error once all running work ends. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  // A failure stops new work, but what is running finishes before the caller hears of it.
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !failure) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  });
  await Promise.all(lanes);
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}
