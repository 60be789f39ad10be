// POST /api/jobs/:name as "Run now" does, once no run of that job holds its lock: a key change starts a fires run in
// the background, which would otherwise answer 409 to the run a test asks for right after.
import type { FastifyInstance } from 'fastify';
import { authorized } from './test-app.js';

export async function runJobWhenFree(app: FastifyInstance, name: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await app.inject({ method: 'POST', url: `/api/jobs/${name}`, headers: authorized });
    if (answer.statusCode !== 409 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
