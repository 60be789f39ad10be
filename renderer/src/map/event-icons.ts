// The live feed's events drawn as icons (no sprite sheet offline). A news story is placed at the town it is about, on
// the town's own round pale dot: drawn as a like dot it could not be told apart (317 stories of a first scrape sat
// unseen on their towns). It is a green square; any other event stays the small grey dot it was.
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { iconImage } from './icon-image';
import { NEWS_SQUARE_SIDE, PALETTE } from './map-palette';

export const EVENT_ICON = 'event';
export const NEWS_STORY_ICON = 'news-story';

/** The news square's corners' radius, in CSS pixels (the legend's draw it too). */
export const NEWS_SQUARE_RADIUS = 1.5;

/** An event of the `events` source that is a news story. */
export const IS_NEWS_STORY: ExpressionSpecification = ['==', ['get', 'sourceType'], 'news'];

/** Which icon an event of the `events` source is drawn with. */
export const EVENT_ICON_IMAGE: ExpressionSpecification = ['case', IS_NEWS_STORY, NEWS_STORY_ICON, EVENT_ICON];

function newsStoryImage(ratio: number): ImageData {
  return iconImage(NEWS_SQUARE_SIDE + 4, ratio, (context) => {
    const half = NEWS_SQUARE_SIDE / 2;
    context.beginPath();
    context.roundRect(-half, -half, NEWS_SQUARE_SIDE, NEWS_SQUARE_SIDE, NEWS_SQUARE_RADIUS);
    context.fillStyle = PALETTE.news;
    context.strokeStyle = '#0b1118';
    context.lineWidth = 1.5;
    context.fill();
    context.stroke();
  });
}

function eventImage(ratio: number): ImageData {
  return iconImage(8, ratio, (context) => {
    context.beginPath();
    context.arc(0, 0, 3, 0, Math.PI * 2);
    context.globalAlpha = 0.8;
    context.fillStyle = PALETTE.event;
    context.fill();
  });
}

export function addEventIcons(map: MapLibreMap): void {
  const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  if (!map.hasImage(EVENT_ICON)) map.addImage(EVENT_ICON, eventImage(ratio), { pixelRatio: ratio });
  if (!map.hasImage(NEWS_STORY_ICON)) map.addImage(NEWS_STORY_ICON, newsStoryImage(ratio), { pixelRatio: ratio });
}
