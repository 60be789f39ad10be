// One box to find things: places, airports, coordinates (decimal, DMS, MGRS), aircraft, incidents, news.
// Ctrl+K or "/" focuses it (not while typing elsewhere); arrows pick a result, Enter flies there (an
// incident's, aircraft's or placed story's popup opens), Escape closes.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { SearchResult, SearchResultKind } from '../api/api-types';
import { placesComing, useSearch } from '../data/use-search';
import { externalLink } from '../format/external-link';
import { positionOutOfRangeWords } from '../format/position-out-of-range';
import type { MapController } from '../map/map-controller';
import { showNewsStory } from '../map/show-news-story';
import { searchZoom } from '../map/offline-detail';
import './SearchBox.css';
import { singleKeyShortcut } from '../data/single-key-shortcuts';

const KIND_LABEL: Record<SearchResultKind, string> = {
  place: 'Place',
  country: 'Country',
  region: 'Region',
  airport: 'Airport',
  coordinates: 'Position',
  aircraft: 'Aircraft',
  incident: 'Incident',
  news: 'News',
};

const KIND_ICON: Record<SearchResultKind, string> = {
  place: '●',
  country: '▦',
  region: '▢',
  airport: '◎',
  coordinates: '⌖',
  aircraft: '✈',
  incident: '▲',
  news: '☰',
};

// Without a zoom from the API: a position close in, anything else at town scale.
const DEFAULT_ZOOM: Record<SearchResultKind, number> = { place: 10, country: 5, region: 6, airport: 13, coordinates: 12, aircraft: 10, incident: 10, news: 8 };

/** Where picking a result goes: the map for anything with a position (a story placed on it too), else a story's article in a new window. */
function go(result: SearchResult, controller: MapController | null): void {
  if (result.kind === 'news' && result.id && result.latitude !== null && result.longitude !== null) {
    if (controller) showNewsStory(controller, { id: result.id, title: result.label, link: result.link, latitude: result.latitude, longitude: result.longitude }, result.zoom ?? undefined);
    return;
  }
  if (result.latitude !== null && result.longitude !== null) {
    // An incident or aircraft opens its popup once it is drawn there, as a click on it would.
    const object = (result.kind === 'incident' || result.kind === 'aircraft') && result.id ? { kind: result.kind, id: result.id } : undefined;
    // A typed position has nothing drawn there to show it, nor an airport on the offline basemap: a pin does.
    const pin = result.kind === 'coordinates' ? [result.label, result.sublabel].filter(Boolean).join(' · ') : result.kind === 'airport' ? result.label : undefined;
    // On the offline basemap no closer than it draws: Sacramento at zoom 11 was a dark square and a note of no streets.
    const offline = controller?.offlineBasemap ?? false;
    // A country's or state's box too: Monaco or the Vatican fitted to the view went to zoom 12.
    const zoom = searchZoom(result.zoom ?? DEFAULT_ZOOM[result.kind], offline);
    controller?.flyTo({ center: [result.longitude, result.latitude], zoom, bbox: result.bbox, maxZoom: searchZoom(12, offline), object, pin });
    return;
  }
  const link = externalLink(result.link);
  if (link) window.open(link, '_blank', 'noopener,noreferrer');
}

export function SearchBox({ api, controller }: { api: ApiClient; controller: MapController | null }) {
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useSearch(api, open ? text : '', () => controller?.viewport().bbox ?? null);
  const results = search.status === 'done' ? search.answer.results : [];
  // Enter pressed before the answer came (typed fast: the search waits for a pause, then asks): it goes to the first
  // result once the answer for that very text is in. Typing on forgets it.
  const [enterFor, setEnterFor] = useState<string | null>(null);
  // A result chosen with the arrows since the text last changed: Enter then goes to it even when it is only a similar
  // name (a click always does). Unchosen, Enter on a guess ("KLAX" → Callao, Peru) stays, and a line says why.
  const [chosen, setChosen] = useState(false);
  // Where the pointer was at its last move over the list: a row is chosen by the pointer only when it moves. A list
  // opening under a pointer at rest (over the map) had the row beneath it chosen, and Enter went there ("Chico" flew to
  // Chiconcuac, Mexico, the fourth row).
  const pointerAt = useRef<{ x: number; y: number } | null>(null);

  // Ctrl+K (⌘K) anywhere, "/" when not typing in a field: focus the box.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && singleKeyShortcut(event);
      if (!shortcut && !slash) return;
      event.preventDefault();
      setOpen(true);
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Closed with Escape or a result chosen, the map has the focus (the place it flew to is there; its arrows pan),
  // not the page itself, where a screen reader loses its place.
  const close = () => {
    setOpen(false);
    if (controller) controller.focus();
    else input.current?.blur();
  };

  const pick = (result: SearchResult | undefined, byEnter = false) => {
    if (!result) return;
    // The note above the list says why nothing happened.
    if (byEnter && result.similar && !chosen) return;
    go(result, controller);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // Not also the popup's Escape handler on window.
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setChosen(true);
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setChosen(true);
      setActive((index) => (index - 1 + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (search.status === 'loading') setEnterFor(search.query);
      else pick(results[Math.min(active, results.length - 1)], true);
    }
  };

  // Each new answer starts on its first row (unless one was chosen with the arrows meanwhile).
  useEffect(() => {
    if (search.status === 'done' && !chosen) setActive(0);
    // Only a new answer asks.
  }, [search]);

  useEffect(() => {
    if (enterFor === null || search.status === 'loading') return;
    setEnterFor(null);
    if (search.status === 'done' && search.query === enterFor) pick(search.answer.results[0], true);
    // Only the answer coming in asks.
  }, [search]);

  const showPanel = open && text.trim() !== '';
  const listShown = showPanel && results.length > 0;
  const activeId = listShown ? `${listId}-${Math.min(active, results.length - 1)}` : undefined;
  // The row chosen with the arrows is kept in sight: the panel shows about eight, and an answer holds up to twelve.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  // What a screen reader is told as the answer comes (the rows themselves are read as they are chosen).
  const announced = !showPanel
    ? ''
    : search.status === 'loading'
      ? 'Searching…'
      : search.status === 'done'
        ? results.length === 0
          ? placesComing(search.answer)
            ? 'Places are still loading.'
            : `Nothing found for “${search.query}”.`
          : `${results.length} ${results.length === 1 ? 'result' : 'results'}${results[0]?.similar ? ', similar names' : ''}: ↑↓ to choose, Enter to go.`
        : '';

  return (
    <div className={`search-box${open ? ' open' : ''}`} data-testid="search-box">
      <span className="search-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        ref={input}
        type="search"
        data-testid="search-input"
        role="combobox"
        aria-label="Search places, airports, coordinates, aircraft, incidents, news"
        aria-expanded={listShown}
        aria-controls={listShown ? listId : undefined}
        aria-activedescendant={activeId}
        aria-autocomplete="list"
        placeholder="Search place, 38.58, -121.49, callsign…"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setEnterFor(null);
          setChosen(false);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        // A click on a result lands before the blur closes the list (mousedown keeps the focus).
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <span className="visually-hidden" role="status" data-testid="search-status">
        {announced}
      </span>
      {!open && (
        <kbd className="search-hint" aria-hidden="true">
          Ctrl K
        </kbd>
      )}
      {showPanel && (
        <div className="search-panel" data-testid="search-results">
          {search.status === 'error' && (
            <p className="search-message search-error" role="alert" data-testid="search-error">
              Search failed: {search.message}
            </p>
          )}
          {search.status === 'loading' && results.length === 0 && <p className="search-message muted">Searching…</p>}
          {/* While the place list loads (a first start), "Nothing found … try a place name" would say the place is unknown. */}
          {search.status === 'done' && results.length === 0 && !placesComing(search.answer) && (
            <p className="search-message muted" data-testid="search-empty">
              Nothing found for “{search.query}”.{' '}
              {positionOutOfRangeWords(search.query) ?? 'Try a place name, “lat, lon”, DMS, MGRS, a map link, a callsign or an incident name.'}
            </p>
          )}
          {search.status === 'done' && search.answer.gazetteer !== 'ready' && (
            <p className="search-message muted" data-testid="search-places-state" data-state={search.answer.gazetteer}>
              {search.answer.gazetteer === 'failed'
                ? 'The place list could not be loaded: places are missing.'
                : search.answer.gazetteer === 'off'
                  ? 'Place names are switched off (GAZETTEER_LOAD=off).'
                  : `Places are still loading (a first start builds the list in about half a minute): ${results.length === 0 ? 'places' : 'more places'} for “${search.query}” appear here by themselves.`}
            </p>
          )}
          {results[0]?.similar && !chosen && (
            <p className="search-message muted" data-testid="search-similar">
              No name starts with “{search.status === 'done' ? search.query : text.trim()}”: these are similar names. Choose one with ↑↓ and Enter, or click it.
            </p>
          )}
          {results.length > 0 && (
            <ul id={listId} role="listbox" aria-label="Search results">
              {results.map((result, index) => (
                <li
                  key={`${result.kind}:${result.id ?? index}:${result.label}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={`search-result${index === active ? ' active' : ''}`}
                  data-testid="search-result"
                  data-kind={result.kind}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={(event) => {
                    const last = pointerAt.current;
                    pointerAt.current = { x: event.clientX, y: event.clientY };
                    if (last && (last.x !== event.clientX || last.y !== event.clientY)) setActive(index);
                  }}
                  onClick={() => pick(result)}
                >
                  <span className={`search-kind kind-${result.kind}`} title={KIND_LABEL[result.kind]} aria-hidden="true">
                    {KIND_ICON[result.kind]}
                  </span>
                  <span className="search-text">
                    <span className="search-label">{result.label}</span>
                    <span className="search-sublabel">{[KIND_LABEL[result.kind], result.sublabel, result.similar ? 'similar name' : null].filter(Boolean).join(' · ')}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {/* With nothing listed there is nothing to choose: only Escape does something. */}
          <p className="search-keys muted" aria-hidden="true" data-testid="search-keys">
            {results.length > 0 ? '↑↓ choose · Enter go · Esc close' : 'Esc close'}
          </p>
        </div>
      )}
    </div>
  );
}
