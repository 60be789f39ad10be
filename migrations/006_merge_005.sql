-- revision: 006_merge_005
-- parents: 005_phase2, 005_news_items
-- Merges the two 005 branches back into one head.
SELECT 1;
