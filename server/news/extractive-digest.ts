// The digest written without a model, so the HUD is never empty: the top stories by source count; the analyst note
// the most reported story of each category.
import type { SummaryKind } from './news-query.js';
import { capLength } from './plain-text.js';
import type { PromptStory } from './summary-prompt.js';

export const EXTRACTIVE_MODEL = 'extractive';

const TOP: Record<SummaryKind, number> = { hourly: 8, analyst: 6, daily_recap: 15 };

/**
 * A headline of one word with nothing under it ("don’t", an item of a feed with no body) says nothing: it goes after
 * the stories that say something, however many feeds carry it (it led all three of the brief's digests).
 */
function saysSomething(story: PromptStory): boolean {
  return Boolean(story.summary) || story.title.trim().split(/\s+/).length > 1;
}

/** A feed's category as a heading: "disaster" → "Disaster". */
function categoryName(story: PromptStory): string {
  const category = story.categories[0]?.trim();
  return category ? category.charAt(0).toUpperCase() + category.slice(1) : 'General';
}

/**
 * The analyst note's stories: the most reported story of each category, the categories in the order of their most
 * reported story, then more of the same order where there are fewer categories than lines. The three digests read the
 * same window's stories on a first start: the analyst note reads them by domain, not as the recap's list again.
 */
function oneOfEachCategory<T extends PromptStory>(ranked: readonly T[], count: number): T[] {
  const seen = new Set<string>();
  const firsts = ranked.filter((story) => {
    const category = categoryName(story);
    if (seen.has(category)) return false;
    seen.add(category);
    return true;
  });
  return [...firsts, ...ranked.filter((story) => !firsts.includes(story))].slice(0, count);
}

/**
 * Stories are expected most-reported first; answers the text and the stories it lists, in its order. One no feed
 * dated comes after the dated ones and says so: its feed may list stories of years ago, never presented as fresh.
 */
export function extractiveDigest<T extends PromptStory>(kind: SummaryKind, stories: readonly T[], maxChars: number): { text: string; used: T[] } {
  const dated = stories.filter((story) => story.dated);
  const undated = stories.filter((story) => !story.dated);
  const ranked = [dated, undated].flatMap((group) => [...group.filter(saysSomething), ...group.filter((story) => !saysSomething(story))]);
  const byDomain = kind === 'analyst';
  const top = byDomain ? oneOfEachCategory(ranked, TOP[kind]) : ranked.slice(0, TOP[kind]);
  const lines = top.map((story) => {
    const sources = `${story.sourceCount} source${story.sourceCount === 1 ? '' : 's'}${story.dated ? '' : ', undated'}`;
    const summary = story.summary ? ` — ${capLength(story.summary, 160)}` : '';
    return `- ${byDomain ? `${categoryName(story)}: ` : ''}${story.title} (${sources})${summary}`;
  });
  return { text: capLength(lines.join('\n'), maxChars), used: top };
}
