// Builds the prompts of a summary from the files in resources/prompts (read at each run).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SummaryKind } from './news-query.js';
import { capLength } from './plain-text.js';

export interface PromptStory {
  title: string;
  summary: string | null;
  sourceCount: number;
  categories: string[];
  publishedAt: Date;
  /** False: undated by its feed, publishedAt is when it was first seen. */
  dated: boolean;
}

export interface SummaryPrompt {
  system: string;
  user: string;
}

/** Fills `{{name}}` placeholders; a placeholder without a value is an error in the prompt file, not silently left in. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`prompt placeholder {{${name}}} has no value`);
    return value;
  });
}

export function describeWindow(hours: number): string {
  return hours === 1 ? 'hour' : `${hours} hours`;
}

async function promptFile(dir: string, name: string): Promise<string> {
  try {
    return (await readFile(path.join(dir, name), 'utf8')).trim();
  } catch (error) {
    throw new Error(`prompt file ${name} cannot be read from ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function storyLine(story: PromptStory, index: number): string {
  // Feed text is untrusted too: one line each, brackets kept out so an item cannot pose as another.
  const clean = (text: string, max: number) => capLength(text.replace(/[\r\n[\]{}]+/g, ' ').replace(/\s+/g, ' ').trim(), max);
  const summary = story.summary ? ` — ${clean(story.summary, 300)}` : '';
  const sources = `${story.sourceCount} source${story.sourceCount === 1 ? '' : 's'}`;
  return `[${index + 1}] ${clean(story.title, 300)}${summary} (${sources}; ${story.categories.join(', ')}; ${story.dated ? '' : 'undated, first seen '}${story.publishedAt.toISOString().slice(0, 16)}Z)`;
}

export async function buildSummaryPrompt(options: {
  dir: string;
  kind: SummaryKind;
  windowHours: number;
  includeFutures: boolean;
  maxChars: number;
  stories: readonly PromptStory[];
}): Promise<SummaryPrompt> {
  const window = describeWindow(options.windowHours);
  const [system, mapBrief, task, futuresPolicy, items] = await Promise.all([
    promptFile(options.dir, 'system.md'),
    promptFile(options.dir, 'map-brief.md'),
    promptFile(options.dir, `task-${options.kind}.md`),
    promptFile(options.dir, options.includeFutures ? 'futures-included.md' : 'futures-excluded.md'),
    promptFile(options.dir, 'items.md'),
  ]);
  return {
    system: fillTemplate(system, {
      map_brief: mapBrief,
      task: fillTemplate(task, { window }),
      futures_policy: futuresPolicy,
      max_chars: String(options.maxChars),
    }),
    user: fillTemplate(items, { window, count: String(options.stories.length), items: options.stories.map(storyLine).join('\n') }),
  };
}
