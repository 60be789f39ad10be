// Settings for a whole stack started as a user would (CLI, npm start) that keep its schedules on
// 127.0.0.1: an empty feed list, so the hourly news scrape has nothing to fetch from outside.
import path from 'node:path';

export const OFFLINE_STACK_ENV = {
  NEWS_FEEDS_FILE: path.resolve(import.meta.dirname, '..', 'fixtures', 'news', 'no-feeds.json'),
} as const;
