// The `cameras` job: one crawl of CAMERA_SOURCES; idle (with the reason in health) when none are set.
import type { JobDefinition } from '../jobs/job-runner.js';
import type { CameraCrawler } from './camera-crawler.js';

export function cameraCrawlJob(deps: { crawler: CameraCrawler; sources: readonly string[]; intervalSeconds: number }): JobDefinition {
  return {
    name: 'cameras',
    pipeline: 'cameras',
    intervalSeconds: deps.intervalSeconds,
    async run() {
      if (deps.sources.length === 0) return { idle: 'no camera directories configured (CAMERA_SOURCES)' };
      return deps.crawler.crawl(deps.sources);
    },
  };
}
