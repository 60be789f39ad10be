// News on the map: each story first seen in a scrape is matched (title and summary) against the gazetteer;
// the one place it is confidently about, if any, makes it a `news` event at that place (stored, live, in
// playback). A story with no confident place, or with no date of its own, stays off the map.
import type { FastifyBaseLogger } from 'fastify';
import type { EventPublisher } from '../events/event-publisher.js';
import type { PlaceResolver } from '../places/place-resolver.js';
import { newsEvents, type NewsEventMessage } from './news-events.js';
import type { NewStory } from './news-scraper.js';

export type StoryPlacement = {
  /** Stories published on the map. */
  placedOnMap: number;
  /** Stories no place was confident enough for (or undated). */
  leftOffMap: number;
};

export interface StoryPlacerDeps {
  places: Pick<PlaceResolver, 'placeOf'>;
  publisher: Pick<EventPublisher, 'publishMany'>;
  log?: FastifyBaseLogger;
}

/** The bus message for a story at its place, or null when the story stays off the map. */
export async function placedStory(places: Pick<PlaceResolver, 'placeOf'>, story: NewStory): Promise<NewsEventMessage | null> {
  if (!story.publishedAt) return null;
  const text = story.summary ? `${story.title}\n${story.summary}` : story.title;
  const found = await places.placeOf(text, story.region);
  if (!found) return null;
  const { place } = found;
  return {
    newsItemId: story.newsItemId,
    title: story.title.slice(0, 500),
    summary: story.summary?.slice(0, 2000) ?? null,
    feed: story.feed,
    link: story.link && /^https?:\/\//i.test(story.link) && story.link.length <= 2000 && URL.canParse(story.link) ? story.link : null,
    place: [place.name, place.admin1Name && place.countryCode === 'US' ? place.admin1Name : null, place.countryName].filter(Boolean).join(', ').slice(0, 300),
    mention: found.mention.slice(0, 200),
    latitude: place.latitude,
    longitude: place.longitude,
    publishedAt: story.publishedAt.toISOString(),
  };
}

export class StoryPlacer {
  constructor(private readonly deps: StoryPlacerDeps) {}

  async place(stories: readonly NewStory[]): Promise<StoryPlacement> {
    const messages: NewsEventMessage[] = [];
    for (const story of stories) {
      const message = await placedStory(this.deps.places, story);
      if (message) messages.push(message);
    }
    if (messages.length > 0) await this.deps.publisher.publishMany(newsEvents, messages, 500);
    this.deps.log?.info({ placed: messages.length, stories: stories.length }, 'news stories placed on the map');
    return { placedOnMap: messages.length, leftOffMap: stories.length - messages.length };
  }
}
