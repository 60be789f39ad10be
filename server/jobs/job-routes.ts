// POST /api/jobs/:name — "refresh now": runs a job and answers when done, or 202 if it takes long.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '../http/safe-text.js';
import { ApiError } from '../http/api-error.js';
import type { JobOutcome } from './job-runner.js';

const params = z.object({ name: safeText().min(1).max(64) });

export const jobDone = z
  .object({ job: z.string(), status: z.literal('done'), durationMs: z.number(), result: z.record(z.string(), z.unknown()) })
  .meta({ id: 'JobDone' });
export const jobRunning = z.object({ job: z.string(), status: z.literal('running') }).meta({ id: 'JobRunning' });
export type JobDone = z.infer<typeof jobDone>;

export async function jobRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/api/jobs/:name', { schema: { params, response: { 200: jobDone, 202: jobRunning } } }, async (request, reply) => {
    const { name } = request.params;
    if (!app.jobs.has(name)) throw new ApiError(404, 'not_found', `unknown job "${name}"`, { jobs: app.jobs.names() });
    const running = app.jobs.run(name);
    const waitMs = app.config.jobWaitMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'waiting'>((resolve) => (timer = setTimeout(() => resolve('waiting'), waitMs)));
    const outcome: JobOutcome | 'waiting' = await Promise.race([running, timeout]);
    clearTimeout(timer);
    if (outcome === 'waiting') {
      running.catch((error) => request.log.error({ err: error, job: name }, 'job failed after 202'));
      return reply.status(202).send({ job: name, status: 'running' });
    }
    if (outcome.status === 'busy') throw new ApiError(409, 'job_running', `job "${name}" is already running`);
    if (outcome.status === 'failed') throw new ApiError(502, 'job_failed', `job "${name}" failed: ${outcome.message}`);
    return reply.send({ job: name, status: 'done', durationMs: outcome.durationMs, result: outcome.result });
  });
}
