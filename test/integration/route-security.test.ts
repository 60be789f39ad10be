// Generated from the app's own route table: every route, as registered, is tried without its token in
// every spelling of its path and with hostile input in every field its schemas declare. A route added
// later is covered without anyone listing it here (routes that take a body or a path parameter need a
// valid example below, and the test says so when one is missing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from '../../server/plugins/route-table.js';
import { rawRequest, WEBSOCKET_HANDSHAKE, type RawAnswer } from '../support/raw-http.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

interface Example {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A valid JSON body holding only required fields (each is also tried missing). */
  body?: unknown;
  /** Keys of `body` (at any depth) that may be left out. */
  optionalKeys?: string[];
}

const HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();

/** A valid request per route that needs more than an empty query: the sweep mutates one field at a time. */
const EXAMPLES: Record<string, Example> = {
  'POST /api/jobs/:name': { params: { name: 'partitions' } },
  'GET /api/playback': { query: { from: '2h', to: '1h' } },
  'GET /api/aircraft/trails': { query: { bbox: '-125,35,-115,45', minutes: '30', at: '1h', points: '50' }, optionalKeys: ['bbox', 'minutes', 'at', 'points'] },
  'DELETE /api/keys': { query: { provider: 'firms' } },
  'POST /api/keys/:provider/test': { params: { provider: 'firms' } },
  'POST /api/keys': { body: { provider: 'firms', value: '0123456789abcdef0123456789abcdef' } },
  'POST /api/ingest/fires': {
    body: [{ latitude: 38.5, longitude: -121.5, acq_time: HOUR_AGO, satellite: 'N', frp: 12.5, brightness: 330.1 }],
    optionalKeys: ['frp', 'brightness'],
  },
  'GET /api/tiles/fires/:z/:x/:y.mvt': { params: { z: '1', x: '0', y: '0' } },
  'GET /api/fires/timeline': { query: { since: '2h', until: '1h', bbox: '-125,35,-115,45', confidence: 'high', satellites: 'N20' }, optionalKeys: ['bbox', 'confidence', 'satellites'] },
  'GET /api/fires/count': { query: { bbox: '-125,35,-115,45', since: '24h', confidence: 'nominal,high', minFrp: '1.5', satellites: 'N,N20,Terra' } },
  'GET /api/fires/nearest': { query: { near: '13.4,52.52', since: '24h', confidence: 'nominal,high', minFrp: '1.5', satellites: 'N,N20,Terra' }, optionalKeys: ['since', 'confidence', 'minFrp', 'satellites'] },
  'GET /api/export': { query: { format: 'csv', layers: 'fires,aircraft,incidents', bbox: '-125,35,-115,45', confidence: 'high', minFrp: '10', satellites: 'N20,Aqua', firefighting: 'true' } },
  'POST /api/geofences': {
    body: {
      name: 'north valley',
      geometry: { type: 'Polygon', coordinates: [[[-122, 38], [-121, 38], [-121, 39], [-122, 38]]] },
    },
  },
  'DELETE /api/geofences/:id': { params: { id: '1' } },
  'PATCH /api/geofences/:id': { params: { id: '1' }, body: { name: 'south valley' } },
  'PUT /api/cameras/sources': { body: { sources: ['https://cameras.example.org/list.txt'] } },
  'GET /api/cameras/:id/snapshot': { params: { id: '1' } },
  'PUT /api/sources/settings': { body: { FIRE_DATASET: 'VIIRS_NOAA20_NRT' }, optionalKeys: ['FIRE_DATASET'] },
  'POST /api/sources/telegram/test-message': {},
  // Switching off: switching on would start a crawl of the real Caltrans host.
  'PUT /api/cameras/directories/:id': { params: { id: 'caltrans-d3' }, body: { enabled: false } },
  'GET /api/cameras/near': { query: { lat: '38.5', lon: '-121.5' } },
  'GET /api/search': { query: { q: 'Sacramento' } },
  'GET /api/time-zone-place': { query: { timeZone: 'America/Los_Angeles' } },
  'GET /api/tiles/places/:z/:x/:y.mvt': { params: { z: '1', x: '0', y: '0' } },
};

const NUL = 'a\u0000b';
const NUMERIC_GARBAGE = ['1e308', '-1e309', 'Infinity', '-Infinity', 'NaN', '0x10', '99999999999999999999', '1e39', ' ', '１２'];
const EXPECTED_PUBLIC = ['GET /api/health', 'HEAD /api/health'];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  enum?: unknown[];
};

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const label = (route: RouteEntry): string => `${route.method} ${route.url}`;
// A HEAD route is its GET route without the body.
const exampleFor = (route: RouteEntry): Example | undefined => EXAMPLES[`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`];

function concretePath(route: RouteEntry): string {
  const params = exampleFor(route)?.params ?? {};
  return route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));
}

function withQuery(path: string, query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const one of [value].flat()) search.append(key, one);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const encodeEveryLetter = (path: string): string => path.replace(/[A-Za-z]/g, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`);

/** Every number anywhere in a JSON Schema without both bounds: such a field accepts 1e308. */
function unboundedNumbers(schema: JsonSchema, at: string): string[] {
  const found: string[] = [];
  const types = [schema.type ?? []].flat();
  if (types.includes('number') || types.includes('integer')) {
    const low = schema.minimum ?? schema.exclusiveMinimum;
    const high = schema.maximum ?? schema.exclusiveMaximum;
    if (low === undefined || high === undefined || !Number.isFinite(low) || !Number.isFinite(high)) found.push(at);
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) found.push(...unboundedNumbers(child, `${at}.${key}`));
  if (schema.items) found.push(...unboundedNumbers(schema.items, `${at}[]`));
  (schema.prefixItems ?? []).forEach((child, index) => found.push(...unboundedNumbers(child, `${at}[${index}]`)));
  for (const child of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) found.push(...unboundedNumbers(child, at));
  return found;
}

type Mutation = { what: string; body: unknown };

/** Copies of `value` with one leaf made hostile: NUL text, blank, non-finite or huge numbers, wrong types, a key missing or added. */
function bodyMutations(value: unknown, optionalKeys: ReadonlySet<string>, path = 'body', optional = false): Mutation[] {
  const out: Mutation[] = [];
  const replaceWith = (what: string, replacement: unknown) => out.push({ what: `${path} ${what}`, body: replacement });
  if (typeof value === 'string') {
    replaceWith('with NUL', NUL);
    replaceWith('blank', '');
    replaceWith('as a number', 12345);
    replaceWith('as an object', { value });
    if (!optional) replaceWith('as null', null);
  } else if (typeof value === 'number') {
    for (const huge of [1e308, -1e308, 1e39, -1e39]) replaceWith(`= ${huge}`, huge);
    replaceWith('as a string', String(value));
    replaceWith('as a hex string', '0x10');
    if (!optional) replaceWith('as null', null);
  } else if (Array.isArray(value)) {
    replaceWith('as a string', 'x');
    replaceWith('as an object', {});
    if (value.length > 0 && value.every((item) => typeof item === 'number')) replaceWith('with an extra 1e308', [...value, 1e308]);
    value.forEach((item, index) => {
      for (const inner of bodyMutations(item, optionalKeys, `${path}[${index}]`)) {
        out.push({ what: inner.what, body: value.map((original, at) => (at === index ? inner.body : original)) });
      }
    });
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    replaceWith('as an array', [record]);
    replaceWith('as a string', 'x');
    replaceWith('with a key containing NUL', { ...record, [NUL]: 1 });
    for (const [key, child] of Object.entries(record)) {
      if (!optionalKeys.has(key)) {
        const without = { ...record };
        delete without[key];
        out.push({ what: `${path}.${key} missing`, body: without });
      }
      for (const inner of bodyMutations(child, optionalKeys, `${path}.${key}`, optionalKeys.has(key))) out.push({ what: inner.what, body: { ...record, [key]: inner.body } });
    }
  }
  return out;
}

describe('routes from the route table: no path spelling skips the token, and hostile input is refused', () => {
  let subject: TestApp;
  let port: number;
  let host: string;
  let routes: RouteEntry[];

  const tableCounts = async (): Promise<Record<string, number>> => {
    const tables = await queryOnce<{ name: string }>(
      subject.database.url,
      `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition AND relname <> 'schema_migrations' ORDER BY 1`,
    );
    const counts = await Promise.all(
      tables.map(async ({ name }) => [name, Number((await queryOnce<{ n: string }>(subject.database.url, `SELECT count(*) AS n FROM "${name}"`))[0]?.n)] as const),
    );
    return Object.fromEntries(counts);
  };

  const send = (method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> =>
    rawRequest({ port, method, target, headers: { host, ...headers }, ...(body === undefined ? {} : { body }) });

  const withToken = { authorization: `Bearer ${TEST_TOKEN}` };

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false, bodyLimitBytes: 256 * 1024, ingestBodyLimitBytes: 256 * 1024 });
    await subject.app.listen({ host: '127.0.0.1', port: 0 });
    const address = subject.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    host = `127.0.0.1:${port}`;
    routes = subject.app.routeTable.filter((route) => route.url.startsWith('/api'));
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('the route table holds every API route, and only health is public', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => route.access === 'public').map(label).sort()).toEqual(EXPECTED_PUBLIC);
    // Anything that is not an API route is one of the renderer's files, which are public by design.
    for (const route of subject.app.routeTable.filter((entry) => !entry.url.startsWith('/api'))) expect(route.access, label(route)).toBe('public');
  });

  it('routes that need a valid example to be swept have one', () => {
    const missing = routes.filter((route) => {
      if (route.access === 'public' || route.websocket || exampleFor(route)) return false;
      const required = jsonSchemaOf(route.schema.querystring)?.required ?? [];
      return route.url.includes(':') || route.method === 'POST' || route.method === 'PUT' || route.schema.body !== undefined || required.length > 0;
    });
    expect(missing.map(label), 'add these to EXAMPLES in route-security.test.ts').toEqual([]);
  });

  it('without a token, every route in every spelling of its path is refused', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((entry) => entry.access !== 'public')) {
      const path = concretePath(route);
      const rest = path.slice('/api'.length);
      const headers: Record<string, string> = route.websocket ? { ...WEBSOCKET_HANDSHAKE } : {};
      const body = route.method === 'POST' || route.method === 'PUT' ? '{}' : undefined;
      if (body !== undefined) headers['content-type'] = 'application/json';
      // Spellings the router resolves to this very route: refused with 401.
      const reaching = [path, `/%61pi${rest}`, `/%61%70%69${rest}`, encodeEveryLetter(path), `http://${host}${path}`, `http://${host}/%61pi${rest}`];
      // Spellings that reach no route, or name another server: refused all the same.
      const elsewhere = [`/%2561pi${rest}`, `/api/.${rest}`, `/x/..${path}`, `${path}/.`, `/api/%2e${rest}`, `//${path.slice(1)}`, `http://evil.example${path}`, `http://evil.example/%61pi${rest}`, `http://${host.replace('127.0.0.1', 'localhost.evil.example')}${path}`];
      for (const target of reaching) {
        const answer = await send(route.method, target, headers, body);
        if (answer.status !== 401) failures.push(`${route.method} ${target} → ${answer.status} (expected 401)`);
        else if (route.method !== 'HEAD' && JSON.parse(answer.body).error?.code !== 'unauthorized') failures.push(`${route.method} ${target} → no error shape`);
      }
      for (const target of elsewhere) {
        const answer = await send(route.method, target, headers, body);
        if (![401, 403, 404].includes(answer.status)) failures.push(`${route.method} ${target} → ${answer.status} (expected 401/403/404)`);
        else if (route.method !== 'HEAD' && typeof JSON.parse(answer.body).error?.code !== 'string') failures.push(`${route.method} ${target} → no error shape`);
      }
      // The same spellings with the token do reach a GET route, so the 401s above came from the check.
      if (route.method === 'GET' && !route.websocket) {
        for (const target of [`/%61pi${rest}`, encodeEveryLetter(path), `http://${host}${path}`]) {
          const answer = await send('GET', withQuery(target, exampleFor(route)?.query ?? {}), withToken);
          if (answer.status === 401 || answer.status >= 500) failures.push(`GET ${target} with the token → ${answer.status}`);
        }
      }
      // A token in the query counts only where the route says so (the live socket).
      if (route.access !== 'token-or-query' && !route.websocket) {
        const answer = await send(route.method, `${path}?token=${TEST_TOKEN}`, headers, body);
        if (answer.status !== 401) failures.push(`${route.method} ${path}?token= → ${answer.status} (a query token is for the live socket only)`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('health without a token says only status and staleness, in every spelling', async () => {
    for (const target of ['/api/health', '/%61pi/health', encodeEveryLetter('/api/health'), `http://${host}/api/health`]) {
      const answer = await send('GET', target);
      expect(answer.status, target).toBe(200);
      const report = JSON.parse(answer.body);
      expect(Object.keys(report).sort(), target).toEqual(['pipelines', 'status']);
      for (const pipeline of Object.values(report.pipelines) as Record<string, unknown>[]) expect(Object.keys(pipeline).sort()).toEqual(['ageSeconds', 'stale']);
    }
    const full = JSON.parse((await send('GET', '/api/health', withToken)).body);
    expect(full).toHaveProperty('database');
    expect(full).toHaveProperty('keys');
    expect(full.pipelines.fires).toHaveProperty('lastError');
  });

  it('the live socket needs its token and refuses a foreign Origin', async () => {
    const live = routes.find((route) => route.websocket && route.method === 'GET');
    expect(live?.url).toBe('/api/live');
    const handshake = (target: string, extra: Record<string, string> = {}) => send('GET', target, { ...WEBSOCKET_HANDSHAKE, ...extra });
    expect((await handshake(`/api/live?token=${TEST_TOKEN}`)).status).toBe(101);
    expect((await handshake(`/api/live?%74oken=${TEST_TOKEN}`)).status).toBe(101);
    expect((await handshake('/api/live', withToken)).status).toBe(101);
    expect((await handshake(`/api/live?token=${TEST_TOKEN}`, { origin: `http://${host}` })).status).toBe(101);
    expect((await handshake(`/api/live?token=${TEST_TOKEN}`, { origin: `http://localhost:${port}` })).status).toBe(101);
    expect((await handshake('/api/live')).status).toBe(401);
    expect((await handshake('/%61pi/live')).status).toBe(401);
    expect((await handshake(`/api/live?token=${TEST_TOKEN.slice(0, -1)}x`)).status).toBe(401);
    // Without the handshake: 426 in the JSON shape, naming what the address is (after the token check).
    for (const method of ['GET', 'HEAD'] as const) {
      const plain = await send(method, '/api/live', withToken);
      expect(plain.status, method).toBe(426);
      expect(plain.headers.upgrade, method).toBe('websocket');
      if (method === 'GET') expect(JSON.parse(plain.body).error.code).toBe('upgrade_required');
      expect((await send(method, '/api/live')).status, method).toBe(401);
    }
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${port + 1}`, `http://${host}.evil.example`, 'file://', 'chrome-extension://abc']) {
      const answer = await handshake(`/api/live?token=${TEST_TOKEN}`, { origin });
      expect(answer.status, origin).toBe(403);
      expect(JSON.parse(answer.body).error.code, origin).toBe('forbidden_origin');
    }
  });

  it('no state-changing route takes a content type a foreign page can send without a preflight, token or not', async () => {
    const before = await tableCounts();
    const failures: string[] = [];
    for (const route of routes.filter((entry) => !['GET', 'HEAD'].includes(entry.method))) {
      const target = withQuery(concretePath(route), exampleFor(route)?.query ?? {});
      const example = exampleFor(route)?.body;
      const text = example === undefined ? '' : JSON.stringify(example);
      for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'TEXT/PLAIN']) {
        for (const headers of [{}, withToken]) {
          const answer = await send(route.method, target, { ...headers, 'content-type': type }, text);
          const expected = 'authorization' in headers ? [415] : [401, 415];
          if (!expected.includes(answer.status)) failures.push(`${route.method} ${target} as ${type}${'authorization' in headers ? ' with token' : ''} → ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });

  it('every number a route takes in a JSON body is bounded', () => {
    const unbounded = routes.flatMap((route) => {
      const body = jsonSchemaOf(route.schema.body);
      return body ? unboundedNumbers(body, label(route)) : [];
    });
    expect(unbounded).toEqual([]);
  });

  it('hostile values in every declared field are refused with 4xx and the error shape; nothing is stored', async () => {
    const before = await tableCounts();
    const failures: string[] = [];
    const attempts: string[] = [];
    const expectRefusal = async (route: RouteEntry, what: string, target: string, body?: unknown, mustBe4xx = true) => {
      attempts.push(what);
      const headers: Record<string, string> = { ...withToken };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await send(route.method, target, headers, body === undefined ? undefined : JSON.stringify(body));
      const where = `${label(route)}: ${what} → ${answer.status}`;
      if (answer.status >= 500) failures.push(where);
      else if (mustBe4xx && (answer.status < 400 || answer.status === 401)) failures.push(`${where} (expected a 4xx refusal)`);
      else if (answer.status >= 400 && route.method !== 'HEAD' && typeof JSON.parse(answer.body || '{}').error?.code !== 'string') failures.push(`${where}: no error shape`);
    };
    for (const route of routes.filter((entry) => entry.access !== 'public' && !entry.websocket && entry.method !== 'HEAD')) {
      const example = exampleFor(route) ?? {};
      const baseQuery = example.query ?? {};
      const basePath = concretePath(route);
      const body = example.body;
      const query = jsonSchemaOf(route.schema.querystring);
      const required = new Set(query?.required ?? []);
      await expectRefusal(route, 'an undeclared query parameter', withQuery(basePath, { ...baseQuery, zz_unknown: '1' }), body);
      for (const [name, property] of Object.entries(query?.properties ?? {})) {
        await expectRefusal(route, `query ${name} with NUL`, withQuery(basePath, { ...baseQuery, [name]: NUL }), body);
        await expectRefusal(route, `query ${name} twice`, withQuery(basePath, { ...baseQuery, [name]: ['1', '2'] }), body);
        if (required.has(name) || property.pattern || property.enum) await expectRefusal(route, `query ${name} blank`, withQuery(basePath, { ...baseQuery, [name]: '' }), body);
        if (required.has(name)) {
          const without = { ...baseQuery };
          delete without[name];
          await expectRefusal(route, `query ${name} missing`, withQuery(basePath, without), body);
        }
        for (const value of NUMERIC_GARBAGE) {
          // Free text may be any of these; a field with a pattern, an enum or a numeric type may not.
          const strict = Boolean(property.pattern || property.enum || property.type === 'number' || property.type === 'integer');
          await expectRefusal(route, `query ${name}=${value}`, withQuery(basePath, { ...baseQuery, [name]: value }), body, strict);
        }
      }
      const params = jsonSchemaOf(route.schema.params);
      for (const name of Object.keys(params?.properties ?? {})) {
        for (const value of [NUL, ...NUMERIC_GARBAGE, '-1', '1.5', '..', '%2e%2e']) {
          const target = withQuery(route.url.replace(/:(\w+)/g, (_, param: string) => (param === name ? encodeURIComponent(value) : encodeURIComponent(example.params?.[param] ?? '1'))), baseQuery);
          await expectRefusal(route, `path ${name}=${JSON.stringify(value)}`, target, body);
        }
      }
      if (body !== undefined) {
        const target = withQuery(basePath, baseQuery);
        for (const mutation of bodyMutations(body, new Set(example.optionalKeys ?? []))) await expectRefusal(route, mutation.what, target, mutation.body);
        for (const whole of [null, 1, 'x', true]) await expectRefusal(route, `body ${JSON.stringify(whole)}`, target, whole);
      }
    }
    expect(failures).toEqual([]);
    expect(attempts.length).toBeGreaterThan(500);
    expect(await tableCounts()).toEqual(before);
  });

  it('each example is itself accepted, so the refusals above came from the hostile field', async () => {
    const failures: string[] = [];
    for (const [key, example] of Object.entries(EXAMPLES)) {
      const [method = '', url = ''] = key.split(' ');
      const route = routes.find((entry) => entry.method === method && entry.url === url);
      if (!route) {
        failures.push(`${key}: no such route (remove the example)`);
        continue;
      }
      const target = withQuery(concretePath(route), example.query ?? {});
      const headers: Record<string, string> = { ...withToken };
      if (example.body !== undefined) headers['content-type'] = 'application/json';
      const answer = await send(method, target, headers, example.body === undefined ? undefined : JSON.stringify(example.body));
      // Unknown ids answer 404: the request itself was well formed.
      if (answer.status >= 400 && answer.status !== 404) failures.push(`${key} → ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
