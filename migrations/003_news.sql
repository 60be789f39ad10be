-- revision: 003_news
-- parents: 002_cameras
-- on-change: reapply
-- News articles and the scraper's per-feed state. Idempotent: a database that already has them keeps them.

CREATE TABLE IF NOT EXISTS news_feeds (
  id                   bigserial PRIMARY KEY,
  url                  text NOT NULL UNIQUE,
  name                 text NOT NULL,
  category             text NOT NULL,
  region               text NOT NULL,
  -- In the current feed list (a feed dropped from the list keeps its row and articles, but is not fetched).
  active               boolean NOT NULL DEFAULT true,
  -- Validators of the last 200 answer, sent back as If-None-Match / If-Modified-Since.
  etag                 text,
  last_modified        text,
  last_attempt_at      timestamptz,
  last_success_at      timestamptz,
  last_status          integer,
  consecutive_failures integer NOT NULL DEFAULT 0,
  last_error           text,
  last_error_at        timestamptz,
  -- Backoff: a failing feed is not asked again before this instant.
  next_attempt_at      timestamptz
);

-- One row per story of one feed; identity_key is the canonical link, else the feed's guid, else a hash of title and date.
CREATE TABLE IF NOT EXISTS articles (
  id             bigserial PRIMARY KEY,
  identity_key   text NOT NULL UNIQUE,
  feed_id        bigint REFERENCES news_feeds (id) ON DELETE SET NULL,
  feed_name      text NOT NULL,
  category       text NOT NULL,
  region         text NOT NULL,
  title          text NOT NULL,
  link           text,
  canonical_link text,
  guid           text,
  summary        text,
  image_url      text,
  published_at   timestamptz,
  fetched_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS articles_canonical_link_idx ON articles (canonical_link) WHERE canonical_link IS NOT NULL;
CREATE INDEX IF NOT EXISTS articles_fetched_at_idx ON articles (fetched_at);
CREATE INDEX IF NOT EXISTS articles_feed_idx ON articles (feed_id, fetched_at);

-- Which feeds carried an article (two feeds may link one page): a story's sources are the distinct feeds here.
CREATE TABLE IF NOT EXISTS article_sources (
  article_id    bigint NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  feed_id       bigint NOT NULL REFERENCES news_feeds (id) ON DELETE CASCADE,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (article_id, feed_id)
);
