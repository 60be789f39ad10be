// The layering routes → services → repositories is held by lint (eslint.config.js): these fake files
// must be refused (or let through) so that the rule cannot silently stop working.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
const LAYERING_RULES = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports']);

/** The layering errors ESLint reports for `text` as if it were the file `file`: "line: import". */
async function layeringErrors(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId && LAYERING_RULES.has(message.ruleId))
    .map((message) => {
      expect(message.severity).toBe(2);
      return `${message.line}: ${/'([^']+)'/.exec(message.message)?.[1]}`;
    });
}

describe('layering lint', () => {
  it('refuses a route that imports a repository (a type import too), the database or pg', async () => {
    const text = [
      "import type { XRepository } from './x-repository.js';",
      "import { OtherRepository } from '../other/other-repository.js';",
      "import type { Database } from '../db/database.js';",
      "import type pg from 'pg';",
      "import type { XQueries } from './x-queries.js';",
      'export const routes = [OtherRepository];',
      'export type Uses = [XRepository, Database, pg.Pool, XQueries];',
      '',
    ].join('\n');
    expect(await layeringErrors('server/x/x-routes.ts', text)).toEqual(['1: ./x-repository.js', '2: ../other/other-repository.js', '3: ../db/database.js', '4: pg']);
  });

  it('refuses a service that imports the HTTP error or fastify (but its logger type)', async () => {
    const text = [
      "import { ApiError } from '../http/api-error.js';",
      "import type { FastifyBaseLogger, FastifyInstance } from 'fastify';",
      "import fp from 'fastify-plugin';",
      "import { invalidInput } from '../domain-errors.js';",
      "import type { XRepository } from './x-repository.js';",
      'export const uses = [ApiError, fp, invalidInput];',
      'export type Uses = [FastifyBaseLogger, FastifyInstance, XRepository];',
      '',
    ].join('\n');
    const expected = ['1: ../http/api-error.js', '2: FastifyInstance', '3: fastify-plugin'];
    expect(await layeringErrors('server/x/x-service.ts', text)).toEqual(expected);
    expect(await layeringErrors('server/x/x-queries.ts', text)).toEqual(expected);
    expect(await layeringErrors('server/x/x-admin.ts', text)).toEqual(expected);
  });

  it('lets only repositories and server/db/ touch pg and build SQL', async () => {
    const text = "import type pg from 'pg';\nimport { bboxCondition } from '../db/bbox-sql.js';\nexport type Uses = [pg.Pool, typeof bboxCondition];\n";
    expect(await layeringErrors('server/x/x-repository.ts', text)).toEqual([]);
    expect(await layeringErrors('server/db/x.ts', text)).toEqual([]);
    expect(await layeringErrors('server/x/x-poller.ts', text)).toEqual(['1: pg', '2: ../db/bbox-sql.js']);
  });
});
