-- revision: 005_news_items
-- parents: 004_camera_enum
-- Placeholder revision in the schema chain: deduplicated news stories (filled in by the news issue).
SELECT 1;
