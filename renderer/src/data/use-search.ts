// The search box's answers: `GET /api/search?q=&view=` after the typing pauses, the previous request aborted
// when the text changes (a slow answer to "Sac" never replaces the one for "Sacramento"). The map's view at that
// moment goes with it: among equally good matches, its places come first. While the place list is still loading, the
// search is asked again until it is in.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { ApiRequestError } from '../api/api-error';
import type { SearchAnswer } from '../api/api-types';
import type { Bbox } from '../api/api-types';

export const SEARCH_DEBOUNCE_MS = 180;
/** While the place list is still loading, the same search is asked again this often. */
const PLACES_LOADING_RETRY_MS = 2_000;
const SEARCH_LIMIT = 12;
/** The API takes 1–200 characters. */
const MAX_QUERY_LENGTH = 200;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; answer: SearchAnswer }
  | { status: 'error'; query: string; message: string };

function messageOf(error: unknown): string {
  if (error instanceof ApiRequestError) return error.unreachable ? 'The Vantage service is not answering.' : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The place list is not in yet but on its way (a first start): its places are still to come (a search's or a time zone's answer). */
export function placesComing(answer: Pick<SearchAnswer, 'gazetteer'>): boolean {
  return answer.gazetteer === 'pending' || answer.gazetteer === 'loading';
}

export function useSearch(api: ApiClient, text: string, view: () => Bbox | null): SearchState {
  const query = text.trim().slice(0, MAX_QUERY_LENGTH);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  // Read when the request goes out, not a reason to search again: panning does not re-run a search.
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    if (!query) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading', query });
    const controller = new AbortController();
    let timer: number;
    const ask = () => {
      api
        .get<SearchAnswer>('/api/search', { q: query, limit: SEARCH_LIMIT, view: viewRef.current() }, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setState({ status: 'done', query, answer });
          // A first start builds the place list for about half a minute: asked again until it is in, so a place typed
          // meanwhile ("Los Angeles") is found by itself rather than left at "Nothing found".
          if (placesComing(answer)) timer = window.setTimeout(ask, PLACES_LOADING_RETRY_MS);
        })
        .catch((error: unknown) => !controller.signal.aborted && setState({ status: 'error', query, message: messageOf(error) }));
    };
    timer = window.setTimeout(ask, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [api, query]);
  return state;
}
