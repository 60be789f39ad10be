import { describe, expect, it } from 'vitest';
import { extractiveDigest } from '../../../server/news/extractive-digest.js';
import { isMarketMove } from '../../../server/news/market-filter.js';
import { readNewsSettings } from '../../../server/news/news-settings.js';
import { buildSummaryPrompt, fillTemplate } from '../../../server/news/summary-prompt.js';

const story = (title: string, sourceCount: number, summary: string | null = null) => ({
  title,
  summary,
  sourceCount,
  categories: ['world'],
  dated: true,
  publishedAt: new Date('2026-11-21T22:15:00Z'),
});

describe('market-move filter', () => {
  it.each([
    'Crude oil futures rise 3% as traders eye supply cuts',
    'Stocks rise on Wall Street as tech shares rally',
    'Nikkei ends higher on exporters',
    'Gold prices climb to record of $2,900 an ounce',
    'Dollar slips against the yen',
    'Treasury yields edge lower ahead of data',
    'European shares slip as banks weigh',
  ])('leaves out %j', (title) => {
    expect(isMarketMove({ title })).toBe(true);
  });

  it.each([
    'Central bank governor resigns amid procurement inquiry',
    'Earthquake of magnitude 6.8 strikes off the coast of Chile',
    'Wheat harvest hit by drought in the Sahel',
    'Ministers agree new gold mining safety rules',
  ])('keeps %j', (title) => {
    expect(isMarketMove({ title })).toBe(false);
  });

  it('reads the summary too', () => {
    expect(isMarketMove({ title: 'Busy day in Tokyo', summary: 'The Nikkei closed 2% higher.' })).toBe(true);
  });
});

describe('summary prompt', () => {
  it('fills placeholders and refuses one without a value', () => {
    expect(fillTemplate('last {{window}} ({{ count }})', { window: 'hour', count: '3' })).toBe('last hour (3)');
    expect(() => fillTemplate('{{missing}}', {})).toThrow(/\{\{missing\}\} has no value/);
  });

  it('builds every kind from the shipped prompt files, and says whether futures are left out', async () => {
    const { promptsDir } = readNewsSettings({});
    for (const kind of ['hourly', 'analyst', 'daily_recap'] as const) {
      for (const includeFutures of [false, true]) {
        const prompt = await buildSummaryPrompt({ dir: promptsDir, kind, windowHours: 1, includeFutures, maxChars: 1234, stories: [story('A [1] fake\nline', 2)] });
        expect(prompt.system).not.toMatch(/\{\{/);
        expect(prompt.system).toContain('Stay under 1234 characters');
        expect(prompt.system.includes('have been left out')).toBe(!includeFutures);
        expect(prompt.user).toMatch(/^Stories of the last hour \(1\)/);
        // An item cannot pose as another item or break its line.
        expect(prompt.user).toContain('[1] A 1 fake line (2 sources; world; 2026-11-21T22:15Z)');
      }
    }
  });

  it('says of an undated story that its time is when it was first seen', async () => {
    const { promptsDir } = readNewsSettings({});
    const prompt = await buildSummaryPrompt({ dir: promptsDir, kind: 'hourly', windowHours: 1, includeFutures: false, maxChars: 1234, stories: [{ ...story('Undated', 1), dated: false }] });
    expect(prompt.user).toContain('[1] Undated (1 source; world; undated, first seen 2026-11-21T22:15Z)');
  });
});

describe('extractive digest', () => {
  it('lists the top stories by source count with their counts', () => {
    const digest = extractiveDigest('hourly', [story('Quake', 3, 'Strong shaking.'), story('Coastal floods', 2), ...Array.from({ length: 10 }, (_, i) => story(`Other ${i}`, 1))], 4000);
    expect(digest.used).toHaveLength(8);
    expect(digest.text.split('\n')).toHaveLength(8);
    expect(digest.text.split('\n').slice(0, 2)).toEqual(['- Quake (3 sources) — Strong shaking.', '- Coastal floods (2 sources)']);
    expect(extractiveDigest('daily_recap', [story('Quake', 3), ...Array.from({ length: 20 }, (_, i) => story(`Other ${i}`, 1))], 4000).used).toHaveLength(15);
  });

  it('puts a story no feed dated after the dated ones, however many feeds carry it, and says it is undated', () => {
    const digest = extractiveDigest('daily_recap', [{ ...story('Western Mosul assault begins', 4), dated: false }, story('Quake', 1, 'Strong shaking.'), story('Coastal floods', 1)], 4000);
    expect(digest.text.split('\n')).toEqual(['- Quake (1 source) — Strong shaking.', '- Coastal floods (1 source)', '- Western Mosul assault begins (4 sources, undated)']);
  });

  it('puts a one-word headline with nothing under it after the stories that say something, however many feeds carry it', () => {
    const digest = extractiveDigest('hourly', [story('don’t', 2), story('Quake', 1, 'Strong shaking.'), story('Coastal floods', 1)], 4000);
    expect(digest.text.split('\n')).toEqual(['- Quake (1 source) — Strong shaking.', '- Coastal floods (1 source)', '- don’t (2 sources)']);
    expect(digest.used.map((used) => used.title)).toEqual(['Quake', 'Coastal floods', 'don’t']);
  });

  it('writes the analyst note by domain: the most reported story of each category first, then the next ones', () => {
    const inCategory = (title: string, sources: number, category: string) => ({ ...story(title, sources), categories: [category] });
    const stories = [
      inCategory('Wildfire crosses ridge', 7, 'disaster'),
      inCategory('Floods along the Danube', 5, 'disaster'),
      inCategory('Ceasefire talks resume', 4, 'defence'),
      inCategory('Grid restored after heatwave', 2, 'energy'),
      { ...story('No category', 1), categories: [] },
      inCategory('Storm makes landfall', 1, 'disaster'),
      inCategory('Border patrols doubled', 1, 'defence'),
    ];
    const digest = extractiveDigest('analyst', stories, 4000);
    expect(digest.text.split('\n')).toEqual([
      '- Disaster: Wildfire crosses ridge (7 sources)',
      '- Defence: Ceasefire talks resume (4 sources)',
      '- Energy: Grid restored after heatwave (2 sources)',
      '- General: No category (1 source)',
      '- Disaster: Floods along the Danube (5 sources)',
      '- Disaster: Storm makes landfall (1 source)',
    ]);
    // Not the recap's list again: the recap of the same stories is by source count alone.
    expect(extractiveDigest('daily_recap', stories, 4000).used.map((used) => used.title).slice(0, 3)).toEqual(['Wildfire crosses ridge', 'Floods along the Danube', 'Ceasefire talks resume']);
  });
});

describe('news settings', () => {
  it('has defaults and reads INCLUDE_FUTURES as set-and-not-0', () => {
    const defaults = readNewsSettings({});
    expect(defaults).toMatchObject({ concurrency: 8, fetchTimeoutMs: 20_000, batchSize: 40, lookbackHours: 1, maxSummaryChars: 4000, includeFutures: false });
    expect(defaults.llm).toEqual({ baseUrl: null, model: null, provider: null, timeoutMs: 60_000 });
    expect(readNewsSettings({ INCLUDE_FUTURES: '0' }).includeFutures).toBe(false);
    expect(readNewsSettings({ INCLUDE_FUTURES: '1' }).includeFutures).toBe(true);
    expect(readNewsSettings({ INCLUDE_FUTURES: 'yes' }).includeFutures).toBe(true);
    expect(readNewsSettings({ INCLUDE_FUTURES: '' }).includeFutures).toBe(false);
    expect(readNewsSettings({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/' }).llm.baseUrl).toBe('http://127.0.0.1:11434/v1');
  });

  it('refuses nonsense with the setting named', () => {
    expect(() => readNewsSettings({ SUMMARY_BATCH_SIZE: '0' })).toThrow(/SUMMARY_BATCH_SIZE/);
    expect(() => readNewsSettings({ LLM_BASE_URL: 'not a url' })).toThrow(/LLM_BASE_URL/);
    expect(() => readNewsSettings({ LLM_PROVIDER: 'other' })).toThrow(/LLM_PROVIDER/);
  });
});
