// The feeds health calls stale, and whether none of them reached its source's host (what every feed says on a
// computer with no network): read alike by the HUD's bar and its brief column.
import type { PipelineFreshness } from '../../api/api-types';

export function staleFeeds(pipelines: Record<string, PipelineFreshness>): { stale: Array<[string, PipelineFreshness]>; outOfReach: boolean } {
  const stale = Object.entries(pipelines).filter(([, pipeline]) => pipeline.stale);
  return { stale, outOfReach: stale.length > 0 && stale.every(([, pipeline]) => pipeline.unreachable) };
}
