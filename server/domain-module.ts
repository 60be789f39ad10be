// What a domain gives the app: its routes, jobs, health facts and shared services, registered while the
// app is built, and the background work it starts once the server listens.
import type { FastifyInstance } from 'fastify';

export interface DomainModule {
  name: string;
  register(app: FastifyInstance): Promise<void>;
  /** Starts after listen (hooks can no longer be added then); answers how to stop it. */
  startWorkers?(app: FastifyInstance): () => Promise<void> | void;
}
