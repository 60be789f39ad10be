// The digest written without a model: the top stories by source count, so the HUD is never empty.
import type { SummaryKind } from './news-query.js';
import { capLength } from './plain-text.js';
import type { PromptStory } from './summary-prompt.js';

export const EXTRACTIVE_MODEL = 'extractive';

const TOP: Record<SummaryKind, number> = { hourly: 8, analyst: 6, daily_recap: 15 };

/** Stories are expected most-reported first; answers the text and how many of them it lists. */
export function extractiveDigest(kind: SummaryKind, stories: readonly PromptStory[], maxChars: number): { text: string; used: number } {
  const top = stories.slice(0, TOP[kind]);
  const lines = top.map((story) => {
    const sources = `${story.sourceCount} source${story.sourceCount === 1 ? '' : 's'}`;
    const summary = story.summary ? ` — ${capLength(story.summary, 160)}` : '';
    return `- ${story.title} (${sources})${summary}`;
  });
  return { text: capLength(lines.join('\n'), maxChars), used: top.length };
}
