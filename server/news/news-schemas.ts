// GET /api/news and GET /api/news/summaries answers.
import { z } from 'zod';
import { instant } from '../http/response-schemas.js';

// Kept free of server-only imports: the renderer type-checks this file when it imports its types.
const SUMMARY_KINDS = ['hourly', 'analyst', 'daily_recap'] as const;

export const newsSource = z.object({ feed: z.string(), link: z.string().nullable() });

export const newsItem = z
  .object({
    id: z.string(),
    title: z.string(),
    summary: z.string().nullable(),
    link: z.string().nullable(),
    imageUrl: z.string().nullable(),
    categories: z.array(z.string()),
    regions: z.array(z.string()),
    sourceCount: z.number(),
    sources: z.array(newsSource),
    /** Null for a story no feed dated: it is never presented as fresh. */
    publishedAt: instant.nullable(),
    firstSeenAt: instant,
    lastSeenAt: instant,
    /** Search rank when `q` was given. */
    rank: z.number().nullable(),
    /** Where the story is on the map (the place it was placed at, as the gazetteer names it); null when not placed. */
    place: z.object({ name: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  })
  .meta({ id: 'NewsItem' });
export type NewsItem = z.infer<typeof newsItem>;

export const newsPage = z.object({ items: z.array(newsItem), nextCursor: z.string().nullable() }).meta({ id: 'NewsPage' });
export type NewsPage = z.infer<typeof newsPage>;

export const newsSummary = z
  .object({
    id: z.string(),
    kind: z.enum(SUMMARY_KINDS),
    model: z.string(),
    windowStart: instant,
    windowEnd: instant,
    text: z.string(),
    futuresIncluded: z.boolean(),
    fallbackReason: z.string().nullable(),
    itemIds: z.array(z.string()),
    createdAt: instant,
  })
  .meta({ id: 'NewsSummary' });
export type NewsSummary = z.infer<typeof newsSummary>;

export const summaryList = z
  .object({
    summaries: z.array(newsSummary),
    /**
     * When this process next runs the job that writes summaries of the kind asked for (it writes one when its window
     * holds stories); null when no kind was asked or this process runs no schedules.
     */
    nextAt: instant.nullable(),
  })
  .meta({ id: 'NewsSummaryList' });
export type NewsSummaryList = z.infer<typeof summaryList>;

/** How many stored stories each category holds (a feed's category, from the feed list): the News tab's choices say it. */
export const newsCategoryCounts = z
  .object({ categories: z.array(z.object({ category: z.string(), stories: z.number().int().nonnegative() })) })
  .meta({ id: 'NewsCategoryCounts' });
export type NewsCategoryCounts = z.infer<typeof newsCategoryCounts>;
