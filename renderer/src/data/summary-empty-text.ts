// What an empty summary slot of the brief says: when the job that writes it runs next, if the server knows. A run writes
// one only when its window holds news stories; once stories are in, "written once its window holds news stories" read
// as if there were none, so it then says only that none is written yet. With no story in and the news feeds out of
// reach (no network), it says that instead of a next run that would find none either.
// Pure (`.js` specifiers): unit-tested from Node.
import { formatLocal, toDate } from '../format/time-format.js';

export function summaryEmptyText(available: boolean, due: string | null, storiesIn: boolean, feedsOutOfReach = false): string {
  if (!available) return 'Not available yet.';
  if (!storiesIn && feedsOutOfReach) return 'Nothing yet: the news feeds are out of reach, so there are no stories to summarise.';
  const dueDate = toDate(due);
  const next = dueDate ? `; next run ${formatLocal(dueDate)}` : '';
  return storiesIn ? `Not written yet${next}.` : `Nothing yet: written once its window holds news stories${next}.`;
}
