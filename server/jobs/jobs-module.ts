// Jobs: the runner every domain registers its jobs with (app.jobs), "run now" over HTTP, the partition
// job, and the schedules once the server listens.
import type { DomainModule } from '../domain-module.js';
import { partitionJob } from '../partitions/partition-job.js';
import { PartitionRepository } from '../partitions/partition-repository.js';
import { PipelineStatusRepository } from '../pipelines/pipeline-status-repository.js';
import { JobLockRepository } from './job-lock-repository.js';
import { jobRoutes } from './job-routes.js';
import { JobRunner } from './job-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export const jobsModule: DomainModule = {
  name: 'jobs',
  async register(app) {
    const { delayMs: startDelayMs, staggerMs: startStaggerMs } = app.config.catchUpAtStart;
    const jobs = new JobRunner(new JobLockRepository(app.db), new PipelineStatusRepository(app.db), app.log, { startDelayMs, startStaggerMs });
    jobs.register(partitionJob(new PartitionRepository(app.db), { daysAhead: app.config.partitionDaysAhead, retentionDays: app.config.retentionDays }));
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => jobs.stopSchedules());
    await app.register(jobRoutes);
  },
  startWorkers(app) {
    if (!app.config.schedulesEnabled) return () => undefined;
    app.jobs.startSchedules();
    return () => app.jobs.stopSchedules();
  },
};
