// An ArcGIS feature service on 127.0.0.1 answering WFIGS incident queries (f=geojson, paged by resultOffset).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'wfigs');

export interface FakeWfigs {
  url: string;
  queries: URLSearchParams[];
  /**
   * Replace a page's body (by page number), e.g. with an ArcGIS error. A page is the answer to the offset just past
   * the features of the pages before it.
   */
  pages: string[];
  /**
   * When set, the service holds these features (a recorded layer) and pages them itself, as ArcGIS does:
   * `resultRecordCount` features from `resultOffset` (never more than `maxRecordCount`), only the `outFields`
   * properties, and `properties.exceededTransferLimit: true` while more remain. `pages` is then unused.
   */
  features: unknown[] | null;
  /** The layer's maxRecordCount (ArcGIS Online's default is 2000). */
  maxRecordCount: number;
  close(): Promise<void>;
}

function pageOf(state: FakeWfigs, query: URLSearchParams): string {
  const features = state.features as unknown[];
  const offset = Number(query.get('resultOffset') ?? '0');
  const count = Math.min(Number(query.get('resultRecordCount') ?? String(state.maxRecordCount)), state.maxRecordCount);
  const slice = features.slice(offset, offset + count);
  const outFields = query.get('outFields') ?? '*';
  const keep = outFields === '*' ? null : new Set(outFields.split(',').map((field) => field.trim()));
  const served = keep
    ? slice.map((raw) => {
        const feature = raw as { properties?: Record<string, unknown> | null };
        if (!feature.properties) return feature;
        return { ...feature, properties: Object.fromEntries(Object.entries(feature.properties).filter(([name]) => keep.has(name))) };
      })
    : slice;
  const more = offset + slice.length < features.length;
  return JSON.stringify({ type: 'FeatureCollection', features: served, ...(more ? { properties: { exceededTransferLimit: true } } : {}) });
}

/** How many features a page's body holds (none when it is not a feature collection). */
function featureCount(body: string): number {
  try {
    const features = (JSON.parse(body) as { features?: unknown }).features;
    return Array.isArray(features) ? features.length : 0;
  } catch {
    return 0;
  }
}

/** The page that starts at `offset`, each page starting after the features of those before it. */
function pageAt(pages: readonly string[], offset: number): string | undefined {
  let start = 0;
  for (const body of pages) {
    if (start === offset) return body;
    start += featureCount(body);
    if (start > offset) return undefined;
  }
  return undefined;
}

export async function startFakeWfigs(): Promise<FakeWfigs> {
  const state: FakeWfigs = {
    url: '',
    queries: [],
    pages: ['page-0.json', 'page-1.json'].map((name) => readFileSync(path.join(FIXTURES, name), 'utf8')),
    features: null,
    maxRecordCount: 2000,
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.endsWith('/FeatureServer/0/query')) {
      response.writeHead(404).end();
      return;
    }
    state.queries.push(url.searchParams);
    let body: string;
    if (state.features) body = pageOf(state, url.searchParams);
    else body = pageAt(state.pages, Number(url.searchParams.get('resultOffset') ?? '0')) ?? '{"type":"FeatureCollection","features":[]}';
    response.writeHead(200, { 'content-type': 'application/geo+json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/arcgis/rest/services/WFIGS_Incident_Locations_Current/FeatureServer/0`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
