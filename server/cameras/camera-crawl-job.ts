// The `cameras` job: one crawl of the directories (saved in the app, else CAMERA_SOURCES) and of the
// built-in official directories switched on; idle, with the reason in health, when there are none.
import type { JobDefinition } from '../jobs/job-runner.js';
import { type CameraCrawler, failIfEverySourceFailed } from './camera-crawler.js';
import type { CameraSources } from './camera-sources.js';
import type { OfficialDirectoriesService } from './official-directories-service.js';

export interface CameraCrawlJobDeps {
  crawler: CameraCrawler;
  sources: CameraSources;
  /** The built-in directories; without it, only the user's are read. */
  official?: OfficialDirectoriesService;
  intervalSeconds: number;
}

export function cameraCrawlJob(deps: CameraCrawlJobDeps): JobDefinition {
  return {
    name: 'cameras',
    pipeline: 'cameras',
    intervalSeconds: deps.intervalSeconds,
    async run() {
      const [{ sources, origin }, official] = await Promise.all([deps.sources.current(), deps.official?.enabledSources() ?? []]);
      const all = [...new Set([...sources, ...official])];
      if (all.length === 0) {
        // In the words of the Sources tab, where both are done (CAMERA_SOURCES, for a headless stack, is in the README).
        return {
          idle:
            origin === 'saved'
              ? 'the camera directory list saved in the app is empty, and no official directory is switched on'
              : 'no camera directory yet: switch on an official one or add your own',
        };
      }
      const result = await deps.crawler.crawlSources(all);
      await deps.official?.recordOutcomes(result.sourceOutcomes);
      return failIfEverySourceFailed(result);
    },
  };
}
