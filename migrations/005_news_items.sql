-- revision: 005_news_items
-- parents: 004_camera_enum
-- on-change: reapply
-- Deduplicated stories (news_items) with the articles that tell them, and the summaries written over them. Idempotent.

-- Trigram similarity of headline keys finds near-identical headlines; a server without the extension falls back to equal keys.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%); news dedup uses exact headline keys', SQLERRM;
END
$$;

-- Text as full-text search reads it: a typographic apostrophe as the straight one (026_search_apostrophes, which
-- also remade the column below on databases that had it; here for one whose news_items this file creates later).
CREATE OR REPLACE FUNCTION search_words(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate($1, '’‘ʼ', '''''''')
$$;

CREATE TABLE IF NOT EXISTS news_items (
  id            bigserial PRIMARY KEY,
  title         text NOT NULL,
  -- Sorted distinct headline words without filler: equal or similar keys are one story.
  headline_key  text NOT NULL,
  summary       text,
  link          text,
  image_url     text,
  categories    text[] NOT NULL DEFAULT '{}',
  regions       text[] NOT NULL DEFAULT '{}',
  -- Distinct feeds that carried the story.
  source_count  integer NOT NULL DEFAULT 1,
  published_at  timestamptz NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', search_words(title)), 'A') || setweight(to_tsvector('english', coalesce(search_words(summary), '')), 'B')
  ) STORED
);

CREATE INDEX IF NOT EXISTS news_items_published_idx ON news_items (published_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS news_items_last_seen_idx ON news_items (last_seen_at);
CREATE INDEX IF NOT EXISTS news_items_headline_key_idx ON news_items (headline_key);
CREATE INDEX IF NOT EXISTS news_items_search_idx ON news_items USING gin (search_vector);
CREATE INDEX IF NOT EXISTS news_items_categories_idx ON news_items USING gin (categories);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS news_items_headline_trgm_idx ON news_items USING gin (headline_key gin_trgm_ops)';
  END IF;
END
$$;

CREATE TABLE IF NOT EXISTS news_item_articles (
  news_item_id bigint NOT NULL REFERENCES news_items (id) ON DELETE CASCADE,
  article_id   bigint NOT NULL UNIQUE REFERENCES articles (id) ON DELETE CASCADE,
  PRIMARY KEY (news_item_id, article_id)
);

CREATE TABLE IF NOT EXISTS article_summaries (
  id               bigserial PRIMARY KEY,
  kind             text NOT NULL CHECK (kind IN ('hourly', 'analyst', 'daily_recap')),
  -- The model that wrote it, or 'extractive' when no model was reachable.
  model            text NOT NULL,
  window_start     timestamptz NOT NULL,
  window_end       timestamptz NOT NULL,
  body             text NOT NULL,
  futures_included boolean NOT NULL,
  -- Why the extractive digest stood in for the model, when it did.
  fallback_reason  text,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS article_summaries_kind_idx ON article_summaries (kind, created_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS article_summary_items (
  summary_id   bigint NOT NULL REFERENCES article_summaries (id) ON DELETE CASCADE,
  news_item_id bigint NOT NULL REFERENCES news_items (id) ON DELETE CASCADE,
  position     integer NOT NULL,
  PRIMARY KEY (summary_id, news_item_id)
);
