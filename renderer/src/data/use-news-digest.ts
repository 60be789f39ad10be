// The HUD's summaries and newest news. The endpoints are new: a 404 means "not available yet", not an error.
import { useCallback, useEffect, useState } from 'react';
import { type ApiClient, listFrom } from '../api/api-client';
import type { NewsItem, NewsSummary, NewsSummaryList } from '../api/api-types';
import { NEWS_DIGEST_REFRESH_MS } from './refresh-intervals';

export interface NewsDigest {
  summariesAvailable: boolean;
  newsAvailable: boolean;
  dailyRecap: NewsSummary | null;
  hourly: NewsSummary | null;
  analyst: NewsSummary | null;
  /** When the job writing each kind runs next (null: unknown), for the slots still empty. */
  due: { dailyRecap: string | null; hourly: string | null; analyst: string | null };
  latest: NewsItem[];
  /** Re-reads now (the news or summaries job has just run). */
  refresh: () => void;
}

type DigestData = Omit<NewsDigest, 'refresh'>;

const NOT_DUE = { dailyRecap: null, hourly: null, analyst: null };
const EMPTY: DigestData = { summariesAvailable: false, newsAvailable: false, dailyRecap: null, hourly: null, analyst: null, due: NOT_DUE, latest: [] };

interface LatestSummary {
  summary: NewsSummary | null;
  due: string | null;
}

async function latestSummary(api: ApiClient, kind: string): Promise<LatestSummary | undefined> {
  const body = await api.getIfAvailable<NewsSummaryList>('/api/news/summaries', { kind, limit: 1 });
  if (body === null) return undefined;
  return { summary: listFrom<NewsSummary>(body, 'summaries')[0] ?? null, due: body.nextAt ?? null };
}

export function useNewsDigest(api: ApiClient): NewsDigest {
  const [digest, setDigest] = useState<DigestData>(EMPTY);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      try {
        const [recap, hourly, analyst, news] = await Promise.all([
          latestSummary(api, 'daily_recap'),
          latestSummary(api, 'hourly'),
          latestSummary(api, 'analyst'),
          api.getIfAvailable<unknown>('/api/news', { limit: 5 }),
        ]);
        if (cancelled) return;
        setDigest({
          summariesAvailable: recap !== undefined,
          newsAvailable: news !== null,
          dailyRecap: recap?.summary ?? null,
          hourly: hourly?.summary ?? null,
          analyst: analyst?.summary ?? null,
          due: { dailyRecap: recap?.due ?? null, hourly: hourly?.due ?? null, analyst: analyst?.due ?? null },
          latest: news === null ? [] : listFrom<NewsItem>(news, 'items').slice(0, 5),
        });
      } catch {
        // A failing news service leaves the slots as they were; the map does not depend on it.
      }
    };
    void load();
    const timer = window.setInterval(() => void load(), NEWS_DIGEST_REFRESH_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [api, generation]);
  return { ...digest, refresh };
}
