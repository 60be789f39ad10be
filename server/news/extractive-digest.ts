// The digest written without a model: the top stories by source count, so the HUD is never empty.
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

/** Stories are expected most-reported first; answers the text and the stories it lists, in its order. */
export function extractiveDigest<T extends PromptStory>(kind: SummaryKind, stories: readonly T[], maxChars: number): { text: string; used: T[] } {
  const ranked = [...stories.filter(saysSomething), ...stories.filter((story) => !saysSomething(story))];
  const top = ranked.slice(0, TOP[kind]);
  const lines = top.map((story) => {
    const sources = `${story.sourceCount} source${story.sourceCount === 1 ? '' : 's'}`;
    const summary = story.summary ? ` — ${capLength(story.summary, 160)}` : '';
    return `- ${story.title} (${sources})${summary}`;
  });
  return { text: capLength(lines.join('\n'), maxChars), used: top };
}
