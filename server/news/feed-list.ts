// The list of feeds to scrape: resources/feeds.json, or the file NEWS_FEEDS_FILE names instead.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

export const feedEntry = z.object({
  name: z.string().trim().min(1).max(200),
  url: z.url({ protocol: /^https?$/ }).max(2000),
  category: z.string().trim().min(1).max(100),
  region: z.string().trim().min(1).max(100),
});
export type FeedEntry = z.infer<typeof feedEntry>;

export const feedList = z
  .array(feedEntry)
  .max(5000)
  .superRefine((feeds, context) => {
    const seen = new Set<string>();
    feeds.forEach((feed, index) => {
      if (seen.has(feed.url)) context.addIssue({ code: 'custom', message: `duplicate feed url ${feed.url}`, path: [index, 'url'] });
      seen.add(feed.url);
    });
  });

export class FeedListError extends Error {
  override name = 'FeedListError';
}

/** Read at each run, so an edited list applies at the next scrape. */
export async function loadFeedList(file: string): Promise<FeedEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new FeedListError(`feed list ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FeedListError(`feed list ${file} is not JSON`);
  }
  const parsed = feedList.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new FeedListError(`feed list ${file} is not an array of {name,url,category,region}: ${first?.path.join('.')} ${first?.message}`);
  }
  return parsed.data;
}
