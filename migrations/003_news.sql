-- revision: 003_news
-- parents: 002_cameras
-- Placeholder revision in the schema chain: news articles (filled in by the news issue).
SELECT 1;
