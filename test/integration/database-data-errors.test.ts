// The last line behind validation at the edge: a value PostgreSQL itself refuses as data (SQLSTATE
// class 22) is the caller's bad input, answered 400 in the error shape, never 500.
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorHandler from '../../server/plugins/error-handler.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// Each statement hands PostgreSQL a value it refuses as data, the way an unchecked input would.
const DATA_ERRORS: Record<string, { sql: string; params: unknown[]; sqlState: string }> = {
  'NUL in text': { sql: 'SELECT $1::text', params: ['a\u0000b'], sqlState: '22021' },
  'number beyond real': { sql: 'SELECT $1::real', params: ['1e39'], sqlState: '22003' },
  'id beyond bigint': { sql: 'SELECT $1::bigint', params: ['99999999999999999999'], sqlState: '22003' },
  'not a number': { sql: 'SELECT $1::integer', params: ['0x1g'], sqlState: '22P02' },
  'no such date': { sql: 'SELECT $1::date', params: ['2026-02-30'], sqlState: '22008' },
};

describe('PostgreSQL data errors answer 400', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get<{ Params: { name: string } }>('/run/:name', async (request) => {
      const statement = DATA_ERRORS[request.params.name];
      if (!statement) throw new Error('unknown statement');
      return (await pool.query(statement.sql, statement.params)).rows;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await pool?.end();
    await database?.drop();
  });

  for (const [name, statement] of Object.entries(DATA_ERRORS)) {
    it(`${name} (${statement.sqlState}) → 400 with the error shape`, async () => {
      const response = await app.inject({ method: 'GET', url: `/run/${encodeURIComponent(name)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'bad_request', message: 'a value in the request is out of range or malformed', details: { sqlState: statement.sqlState } },
      });
    });
  }

  it('an error of our own is still a 500 that names no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/run/none' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal');
    expect(response.body).not.toContain('unknown statement');
  });
});
