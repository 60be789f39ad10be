-- revision: 026_search_apostrophes
-- parents: 025_boundary_views
-- Full-text search reads a typographic apostrophe as the straight one. PostgreSQL's parser takes ’ (and ‘, ʼ) for a
-- letter: "Kushner’s" was the word kushner’, so "Kushner" found nothing beside "Jared Kushner’s Role Is Tested…" while
-- "Europe's" (straight) was found by "Europe". Headlines from feeds are typeset with ’ as often as not. Both the text
-- stored for search and the text searched for go through search_words().
CREATE OR REPLACE FUNCTION search_words(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate($1, '’‘ʼ', '''''''')
$$;

-- News stories: the generated column again, over search_words (its index is dropped with it and made again). A
-- database whose 005_news_items was still a placeholder has no news_items yet (as in 015).
DO $$
BEGIN
  IF to_regclass('news_items') IS NOT NULL THEN
    ALTER TABLE news_items DROP COLUMN search_vector;
    ALTER TABLE news_items ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', search_words(title)), 'A') || setweight(to_tsvector('english', coalesce(search_words(summary), '')), 'B')
    ) STORED;
    CREATE INDEX IF NOT EXISTS news_items_search_idx ON news_items USING gin (search_vector);
  END IF;
END
$$;

-- Events: the trigger's function, and the rows already stored whose words hold one.
CREATE OR REPLACE FUNCTION events_search_vector_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(search_words(NEW.title), '')), 'A') ||
    setweight(to_tsvector('english', coalesce(search_words(NEW.summary), '')), 'B');
  RETURN NEW;
END
$$;

UPDATE events SET search_vector =
    setweight(to_tsvector('english', coalesce(search_words(title), '')), 'A') ||
    setweight(to_tsvector('english', coalesce(search_words(summary), '')), 'B')
WHERE title ~ '[’‘ʼ]' OR summary ~ '[’‘ʼ]';
