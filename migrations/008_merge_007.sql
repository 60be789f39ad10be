-- revision: 008_merge_007
-- parents: 007_news_undated, 007_pipeline_rejections
-- Merges the two 007 branches (undated news, pipeline rejection reasons) back into one head.
SELECT 1;
