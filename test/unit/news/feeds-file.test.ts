// Checks resources/feeds.json: every entry's shape, the feed count, unique URLs and names, and that every region is covered.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const CATEGORIES = [
  'wire',
  'world',
  'regional',
  'defence',
  'disaster',
  'humanitarian',
  'energy',
  'science',
  'government',
  'technology',
  'business',
  'health',
  'cyber',
] as const;
const REGIONS = ['global', 'africa', 'asia', 'europe', 'latin-america', 'middle-east', 'north-america', 'oceania'] as const;

const Feed = z
  .object({
    name: z.string().trim().min(1),
    url: z.url({ protocol: /^https?$/ }),
    category: z.enum(CATEGORIES),
    region: z.enum(REGIONS),
  })
  .strict();

const raw: unknown = JSON.parse(readFileSync(new URL('../../../resources/feeds.json', import.meta.url), 'utf8'));
// The count, uniqueness and coverage checks read the raw entries, so they still report even when the schema check fails.
const entries: Array<Record<string, unknown>> = Array.isArray(raw) ? raw : [];
const field = (key: string): string[] => entries.map((entry) => String(entry[key]));

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

describe('resources/feeds.json', () => {
  it('every entry has a name, an http(s) URL, a known category and region, and nothing else', () => {
    expect(z.array(Feed).safeParse(raw).error?.issues ?? []).toEqual([]);
  });

  it('lists exactly 257 feeds', () => {
    expect(entries).toHaveLength(257);
  });

  it('has no duplicate URLs, ignoring case and a trailing slash', () => {
    expect(duplicates(field('url').map((url) => url.toLowerCase().replace(/\/+$/, '')))).toEqual([]);
  });

  it('has no duplicate names', () => {
    expect(duplicates(field('name'))).toEqual([]);
  });

  it('covers every region', () => {
    const covered = new Set(field('region'));
    expect(REGIONS.filter((region) => !covered.has(region))).toEqual([]);
  });
});
