-- revision: 015_news_story_time
-- parents: 014_partition_lock
-- on-change: reapply
-- Idempotent (IF NOT EXISTS): re-applied whenever this file changes.

-- The news job looks for the story a new article tells among the stories of the 36 hours around it
-- (news-item-repository FIND_SIMILAR / FIND_EQUAL: `coalesce(published_at, first_seen_at) BETWEEN …`).
-- Without an index on that time every new article compared its headline with every story ever kept
-- (a trigram similarity per row): 1,900 new stories from the recorded real feeds took 25 s of queries.
-- With it, only the stories of the window are compared.
-- (A database whose 005_news_items was still a placeholder has no news_items yet: nothing to index, as in 007.)
DO $$
BEGIN
  IF to_regclass('news_items') IS NOT NULL THEN
    CREATE INDEX IF NOT EXISTS news_items_story_time_idx ON news_items ((coalesce(published_at, first_seen_at)));
  END IF;
END
$$;
