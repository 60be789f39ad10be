-- revision: 007_news_undated
-- parents: 006_merge_005
-- A story no feed dated is kept undated (published_at NULL) instead of taking the time it was fetched:
-- it is listed after every dated story and left out of time windows, never presented as fresh.
-- (A database whose 005_news_items was still a placeholder has no news_items yet: nothing to change.)
DO $$
BEGIN
  IF to_regclass('news_items') IS NULL THEN
    RETURN;
  END IF;
  ALTER TABLE news_items ALTER COLUMN published_at DROP NOT NULL;
  -- Stories stored before this revision with the fetch time because none of their articles had a date.
  UPDATE news_items n SET published_at = NULL
  WHERE NOT EXISTS (
    SELECT 1 FROM news_item_articles l JOIN articles a ON a.id = l.article_id
    WHERE l.news_item_id = n.id AND a.published_at IS NOT NULL
  );
  -- Newest first with the undated last, as GET /api/news lists them.
  DROP INDEX IF EXISTS news_items_published_idx;
  CREATE INDEX IF NOT EXISTS news_items_published_undated_last_idx ON news_items (published_at DESC NULLS LAST, id DESC);
END
$$;
