// A news story's popup rows: the outlet, when it was published, the place it was placed at and the words that named
// it (its summary and link are news-popup.ts). Pure: unit-tested from Node.
import { formatBoth } from '../format/time-format.js';

type Props = Record<string, unknown>;

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

export function isNewsStory(props: Props): boolean {
  return props.kind === 'event' && props.sourceType === 'news';
}

/** The URL of a story's `news` event, which names the story (the server's newsEventUrl). */
export function newsEventUrl(storyId: string): string {
  return `vantage:news/${storyId}`;
}

export function newsRows(props: Props): { title: string; rows: Array<[string, string | null]> } {
  const mention = text(props.mention);
  return {
    title: text(props.title) ?? 'News story',
    rows: [
      ['Outlet', text(props.feed)],
      // Unknown for a story opened from what a search knew of it: left out, not "—".
      ['Published', props.occurredAt ? formatBoth(props.occurredAt as string) : null],
      ['Placed at', text(props.place)],
      ['Named as', mention ? `“${mention}”` : null],
    ],
  };
}
