// Puts stories straight into the stack's news tables: in real use they come from scraping 257 feeds
// on the internet, which a test must not reach. The summaries are then written by the real jobs.
import pg from 'pg';
import { uiDatabaseUrl } from './stack-file.js';

/** `undated`: a story no feed dated (published_at null), as some feeds give them. */
export async function addNewsStories(stories: ReadonlyArray<{ title: string; summary: string; category: string; sources: number; undated?: boolean }>): Promise<void> {
  const client = new pg.Client({ connectionString: uiDatabaseUrl() });
  await client.connect();
  try {
    for (const [index, story] of stories.entries()) {
      await client.query(
        `INSERT INTO news_items (title, headline_key, summary, link, categories, regions, source_count, published_at)
         VALUES ($1, $2, $3, $4, ARRAY[$5], ARRAY['global'], $6, CASE WHEN $8 THEN NULL ELSE now() - make_interval(mins => $7) END)`,
        [story.title, story.title.toLowerCase(), story.summary, `https://news.example.org/${index}-${Date.now()}`, story.category, story.sources, 5 + index, story.undated === true],
      );
    }
  } finally {
    await client.end();
  }
}
