// News: search, category filter, and summaries by kind; a story placed on the map is shown there from its row. The
// news endpoints are new: 404 = not available yet.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type ApiClient, listFrom } from '../api/api-client';
import type { NewsCategoryCounts, NewsItem, NewsSummary } from '../api/api-types';
import { categoryChoices } from '../data/news-categories';
import { newsEmptyText } from '../data/news-empty-text';
import { summaryEmptyText } from '../data/summary-empty-text';
import { formatBoth } from '../format/time-format';
import type { MapController } from '../map/map-controller';
import { showNewsStory } from '../map/show-news-story';
import { ExternalLink } from './ExternalLink';
import { SummaryText } from './SummaryText';

// The categories of the shipped feed list (resources/feeds.json).
// Named as the brief's slots name them (the same summary was "Hourly" here and "Last hour" there).
const SUMMARY_KINDS = [
  { kind: 'daily_recap', label: 'Daily recap' },
  { kind: 'hourly', label: 'Last hour' },
  { kind: 'analyst', label: 'Analyst note' },
];

const SEARCH_PAUSE_MS = 350;

// `query` is the request the shown result answers (tests wait on it, not on a state the previous list also had).
// `nextAt`: when the job that writes the list's kind runs next, where the answer says (the summaries').
type Load<T> = { query: string } & ({ state: 'loading' } | { state: 'unavailable' } | { state: 'error'; message: string } | { state: 'ok'; items: T[]; nextAt: string | null });

function useList<T>(api: ApiClient, path: string, query: Record<string, string | undefined>, key: string): Load<T> {
  const queryKey = JSON.stringify(query);
  const [result, setResult] = useState<Load<T>>({ query: queryKey, state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setResult({ query: queryKey, state: 'loading' });
    api
      .getIfAvailable<unknown>(path, JSON.parse(queryKey) as Record<string, string | undefined>, abort.signal)
      .then(
        (body) =>
          !abort.signal.aborted &&
          setResult(body === null ? { query: queryKey, state: 'unavailable' } : { query: queryKey, state: 'ok', items: listFrom<T>(body, key), nextAt: nextAtOf(body) }),
      )
      .catch((error: Error) => !abort.signal.aborted && setResult({ query: queryKey, state: 'error', message: error.message }));
    return () => abort.abort();
  }, [api, path, queryKey, key]);
  return result;
}

function nextAtOf(body: unknown): string | null {
  const nextAt = body && typeof body === 'object' && 'nextAt' in body ? (body as { nextAt?: unknown }).nextAt : null;
  return typeof nextAt === 'string' ? nextAt : null;
}

export function newsByline(item: NewsItem): string {
  const source = item.sources?.[0]?.feed;
  const more = item.sourceCount && item.sourceCount > 1 ? ` +${item.sourceCount - 1}` : '';
  // A story no feed dated says when it was first seen, and that it is undated (it is never presented as fresh).
  const when = item.publishedAt ? formatBoth(item.publishedAt) : `undated, first seen ${formatBoth(item.firstSeenAt)}`;
  return [source ? `${source}${more}` : null, item.categories?.join(', ') || null, when].filter(Boolean).join(' · ');
}

/** `feedsOutOfReach`: the news feeds could not reach their hosts (health's `unreachable`): an empty list says so. */
export function NewsTab({ api, controller = null, feedsOutOfReach = false }: { api: ApiClient; controller?: MapController | null; feedsOutOfReach?: boolean }) {
  const [draftQuery, setDraftQuery] = useState('');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [kind, setKind] = useState('daily_recap');
  // Searched text lists its matches newest first (the best match first buried the day's stories); Best match on ask.
  const [order, setOrder] = useState<'newest' | 'best'>('newest');
  const searchBox = useRef<HTMLInputElement>(null);
  const news = useList<NewsItem>(api, '/api/news', { q: query || undefined, sort: query ? order : undefined, category: category || undefined, limit: '50' }, 'items');
  const summaries = useList<NewsSummary>(api, '/api/news/summaries', { kind, limit: '5' }, 'summaries');
  // Read when the tab opens: each choice says how many stories it holds.
  const categoryCounts = useList<NewsCategoryCounts['categories'][number]>(api, '/api/news/categories', {}, 'categories');

  // What the list shown answers (the newest request may still be on its way).
  const shown = JSON.parse(news.query) as { q?: string; category?: string };
  // While the list is searched or narrowed, its stories come first: the summaries above them filled the panel, and
  // the results (or "No news matches") began below its fold.
  const searching = query !== '' || category !== '';

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draftQuery.trim());
  };
  // The list follows the box as it is typed in, once typing pauses (Enter or Search at once).
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(draftQuery.trim()), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [draftQuery]);

  const choices = categoryChoices(categoryCounts.state === 'ok' ? categoryCounts.items : null);
  return (
    <section className="news-tab" data-testid="news-tab">
      <form className="news-search" onSubmit={search} role="search">
        <input ref={searchBox} type="search" placeholder="Search news" value={draftQuery} onChange={(event) => setDraftQuery(event.target.value)} aria-label="Search news" />
        <select value={category} onChange={(event) => setCategory(event.target.value)} aria-label="Category">
          {choices
            .filter((choice) => !choice.empty)
            .map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          {/* Apart and not to be chosen: no stored story has them (the one chosen stays choosable, to be seen as it is). */}
          {choices.some((choice) => choice.empty) && (
            <optgroup label="No stories from the feeds">
              {choices
                .filter((choice) => choice.empty)
                .map(({ value, label }) => (
                  <option key={value} value={value} disabled={value !== category}>
                    {label}
                  </option>
                ))}
            </optgroup>
          )}
        </select>
        <button type="submit">Search</button>
      </form>
      {searching ? (
        <p className="muted news-summaries-folded" data-testid="news-summaries-folded">
          Summaries are folded while the list is searched or narrowed.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setDraftQuery('');
              setQuery('');
              setCategory('');
              // The button goes with the search: the focus goes back to the box, not to the page.
              searchBox.current?.focus();
            }}
          >
            Clear and show them
          </button>
        </p>
      ) : (
        <>
          <div className="summary-kinds" role="group" aria-label="Summaries">
            {SUMMARY_KINDS.map((entry) => (
              <button key={entry.kind} type="button" aria-pressed={kind === entry.kind} onClick={() => setKind(entry.kind)}>
                {entry.label}
              </button>
            ))}
          </div>
          <div className="summaries" data-testid="news-summaries" data-state={summaries.state} data-kind={(JSON.parse(summaries.query) as { kind?: string }).kind ?? ''}>
            {summaries.state === 'unavailable' && <p className="muted">Summaries are not available from this server yet.</p>}
            {summaries.state === 'error' && <p className="field-error">Summaries failed: {summaries.message}</p>}
            {/* As the brief's empty slot says it: when the next is written, or why none can be. */}
            {summaries.state === 'ok' && summaries.items.length === 0 && (
              <p className="muted" data-testid="news-summaries-empty">
                {summaryEmptyText(true, summaries.nextAt, news.state === 'ok' && news.items.length > 0, feedsOutOfReach)}
              </p>
            )}
            {summaries.state === 'ok' &&
              summaries.items.map((summary) => (
                <article key={summary.id} className="summary">
                  <SummaryText text={summary.text} />
                  <time>{formatBoth(summary.createdAt)}</time>
                </article>
              ))}
          </div>
        </>
      )}
      {query !== '' && (
        <div className="summary-kinds news-order" role="group" aria-label="Order of the matches" data-testid="news-order">
          {(
            [
              ['newest', 'Newest first'],
              ['best', 'Best match'],
            ] as const
          ).map(([value, label]) => (
            <button key={value} type="button" aria-pressed={order === value} onClick={() => setOrder(value)}>
              {label}
            </button>
          ))}
        </div>
      )}
      <div
        className="news-list"
        data-testid="news-list"
        data-state={news.state}
        data-query={shown.q ?? ''}
        data-category={shown.category ?? ''}
      >
        {news.state === 'unavailable' && <p className="muted">News is not available from this server yet.</p>}
        {news.state === 'error' && <p className="field-error">News failed: {news.message}</p>}
        {news.state === 'ok' && news.items.length === 0 && (
          <p className="muted" data-testid="news-empty">
            {newsEmptyText(shown, feedsOutOfReach)}
          </p>
        )}
        {news.state === 'ok' && (
          <ul>
            {news.items.map((item) => (
              <li key={item.id}>
                <strong>
                  <ExternalLink href={item.link ?? item.sources?.[0]?.link}>{item.title}</ExternalLink>
                </strong>
                <span className="muted">{newsByline(item)}</span>
                {/* Its title opens the article; where it is on the map is one click away too. */}
                {item.place && controller && (
                  <button
                    type="button"
                    className="link-button news-on-map"
                    data-testid="news-show-on-map"
                    title={`Fly to ${item.place.name || 'the story'} and open the story there`}
                    onClick={() =>
                      item.place &&
                      showNewsStory(controller, { id: item.id, title: item.title, link: item.link, latitude: item.place.latitude, longitude: item.place.longitude, publishedAt: item.publishedAt, place: item.place.name || null })
                    }
                  >
                    Show on the map{item.place.name ? ` · ${item.place.name}` : ''}
                  </button>
                )}
                {item.summary && <p>{item.summary}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
