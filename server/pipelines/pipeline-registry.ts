// The background pipelines that health reports on, with how often each is expected to succeed.
export const PIPELINES = {
  fires: { expectedIntervalSeconds: 900 },
  incidents: { expectedIntervalSeconds: 900 },
  aircraft: { expectedIntervalSeconds: 60 },
  cameras: { expectedIntervalSeconds: 86_400 },
  news: { expectedIntervalSeconds: 3_600 },
  summaries: { expectedIntervalSeconds: 3_600 },
  ingester: { expectedIntervalSeconds: 60 },
  // Storage upkeep, daily: the days ahead made, the days past retention dropped. Failing, new rows wait in the default
  // partitions (slower reads) and old days stay (a disk filling).
  partitions: { expectedIntervalSeconds: 86_400 },
} as const satisfies Record<string, { expectedIntervalSeconds: number }>;

export type PipelineName = keyof typeof PIPELINES;

export const PIPELINE_NAMES = Object.keys(PIPELINES) as PipelineName[];
