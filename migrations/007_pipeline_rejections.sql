-- revision: 007_pipeline_rejections
-- parents: 006_merge_005
-- Why a pipeline's latest run skipped records: health shows it beside the running `rejected` count.
ALTER TABLE pipeline_status
  ADD COLUMN IF NOT EXISTS last_rejected_at     timestamptz,
  ADD COLUMN IF NOT EXISTS last_rejected_count  bigint,
  ADD COLUMN IF NOT EXISTS last_rejected_reason text;
