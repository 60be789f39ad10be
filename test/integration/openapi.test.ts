// GET /api/openapi.json is generated from the routes' own zod schemas: every API route is in it with its
// parameters, its success answer and the error shape, and the document itself needs the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, TEST_HOST, type TestApp } from '../support/test-app.js';

type Operation = { parameters?: Array<{ name: string; in: string }>; requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** Fastify's `/api/fires/:z/:x` as OpenAPI writes it: `/api/fires/{z}/{x}`. */
const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document', () => {
  let subject: TestApp;
  let document: Document;

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    const response = await subject.app.inject({ method: 'GET', url: '/api/openapi.json', headers: authorized });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('needs the token like every other route', async () => {
    expect((await subject.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: TEST_HOST } })).statusCode).toBe(401);
  });

  it('lists every API route of the route table with a success answer and the error shape', () => {
    expect(document.openapi).toMatch(/^3\.1/);
    const routes = subject.app.routeTable.filter((route) => route.url.startsWith('/api') && !route.websocket && route.method !== 'HEAD' && route.url !== '/api/openapi.json');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      const codes = Object.keys(operation!.responses);
      expect(codes.some((code) => /^2\d\d$/.test(code)), `${route.method} ${route.url} has no success answer: ${codes}`).toBe(true);
      expect(codes, `${route.method} ${route.url}`).toEqual(expect.arrayContaining(['4XX', '5XX']));
      for (const name of route.url.match(/:(\w+)/g) ?? []) {
        expect(operation!.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === name.slice(1)), `${route.url} ${name}`).toBe(true);
      }
    }
  });

  it('describes answers by their fields, and inputs by their constraints', () => {
    const fires = document.paths['/api/fires']!.get!;
    expect(JSON.stringify(fires.responses['200'])).toContain('#/components/schemas/FireList');
    expect(JSON.stringify(document.components.schemas.FireList)).toContain('#/components/schemas/Fire"');
    expect(Object.keys((document.components.schemas.Fire as { properties: object }).properties)).toEqual(
      expect.arrayContaining(['latitude', 'longitude', 'acqTime', 'satellite', 'confidence', 'frp', 'dayNight']),
    );
    expect(fires.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['bbox', 'since', 'until', 'limit']));
    const keys = document.paths['/api/keys']!.post!;
    expect(JSON.stringify(keys.requestBody)).toContain('"enum":["firms","llm","telegram"]');
    expect(JSON.stringify(document.components.schemas.KeyEntry)).toContain('masked');
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Error', 'Fire', 'HealthReport', 'NewsItem', 'Geofence', 'Alert', 'Camera']));
    const tile = document.paths['/api/tiles/fires/{z}/{x}/{y}.mvt']!.get!;
    expect(Object.keys(tile.responses['200']!.content ?? {})).toEqual(['application/vnd.mapbox-vector-tile']);
  });
});
