-- revision: 011_gazetteer
-- parents: 010_source_settings
-- on-change: reapply
-- World gazetteer: populated places and country/first-level boundaries, indexed for name search and by place.
-- Placeholder until its slice lands; idempotent (IF NOT EXISTS throughout) because it is re-applied when filled in.
SELECT 1;
