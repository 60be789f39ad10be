// Popup bodies built as DOM nodes (never HTML strings: titles come from outside sources). Fires and
// incidents also offer the cameras linked to them (within 20 miles); a news story its article (news-popup.ts). What
// the rows say is popup-rows.ts.
import { type CameraLinks, nearbyCamerasSection } from './nearby-cameras';
import { newsStorySection } from './news-popup';
import { isNewsStory } from './news-rows';
import { popupRows } from './popup-rows';

type Props = Record<string, unknown>;

/** Where the feature is ([lon, lat]) and how to reach the cameras linked to it. */
export interface PopupContext {
  at: [number, number];
  cameras: CameraLinks;
}

const WITH_NEARBY_CAMERAS = new Set(['fire', 'fire-live', 'incident']);

export function popupContent(props: Props, context?: PopupContext): HTMLElement {
  const { title, rows } = popupRows(props);
  const root = document.createElement('div');
  root.className = 'popup';
  const heading = document.createElement('h3');
  heading.textContent = title;
  root.append(heading);
  const list = document.createElement('dl');
  for (const [label, value] of rows) {
    if (!value) continue;
    const term = document.createElement('dt');
    term.textContent = label;
    const detail = document.createElement('dd');
    detail.textContent = value;
    list.append(term, detail);
  }
  root.append(list);
  if (isNewsStory(props)) {
    root.classList.add('popup-news-story');
    // A long headline is cut to a few lines (the full one on hover).
    heading.title = title;
    root.append(newsStorySection(props));
  }
  if (context && WITH_NEARBY_CAMERAS.has(String(props.kind))) root.append(nearbyCamerasSection(context.at, context.cameras));
  return root;
}
