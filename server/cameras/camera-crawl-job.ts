// The `cameras` job: one crawl of the directories (saved in the app, else CAMERA_SOURCES); idle, with
// the reason in health, when there are none.
import type { JobDefinition } from '../jobs/job-runner.js';
import type { CameraCrawler } from './camera-crawler.js';
import type { CameraSources } from './camera-sources.js';

export function cameraCrawlJob(deps: { crawler: CameraCrawler; sources: CameraSources; intervalSeconds: number }): JobDefinition {
  return {
    name: 'cameras',
    pipeline: 'cameras',
    intervalSeconds: deps.intervalSeconds,
    async run() {
      const { sources, origin } = await deps.sources.current();
      if (sources.length === 0) {
        return { idle: origin === 'saved' ? 'the camera directory list saved in the app is empty' : 'no camera directories configured (CAMERA_SOURCES)' };
      }
      return deps.crawler.crawl(sources);
    },
  };
}
