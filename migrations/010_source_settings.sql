-- revision: 010_source_settings
-- parents: 009_camera_directories
-- on-change: reapply
-- Source settings edited in the app's Sources panel (name → value), the environment still wins.
-- Placeholder until its slice lands; idempotent (IF NOT EXISTS throughout) because it is re-applied when filled in.

-- One row per setting saved in the Sources panel (FIRE_DATASET, ADSB_URL, TELEGRAM_CHAT_ID, …); no row = its default.
-- A setting given in the environment wins over the row (the panel says so).
CREATE TABLE IF NOT EXISTS source_settings (
  name       text PRIMARY KEY CHECK (name ~ '^[A-Z][A-Z0-9_]{0,63}$'),
  value      text NOT NULL CHECK (length(value) BETWEEN 1 AND 2000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
