// A news story's popup: the outlet, when it was published, the place it was placed at and the words that named
// it, then its summary and a link that opens the article outside the app. Built as DOM nodes: everything here
// comes from outside feeds, and only a web link becomes a link.
import { externalLink } from '../format/external-link';
import './news-popup.css';

type Props = Record<string, unknown>;

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** The event's summary is "<place>: <story summary>" (for search); the popup says the place in its own row. */
function storySummary(props: Props): string | null {
  const summary = text(props.summary);
  const place = text(props.place);
  if (!summary || !place) return summary;
  if (summary === place) return null;
  return summary.startsWith(`${place}: `) ? summary.slice(place.length + 2) : summary;
}

/** The "Open story" link (a new window without our page as opener: the desktop shell asks, then opens the system browser), then the summary. */
export function newsStorySection(props: Props): HTMLElement {
  const section = document.createElement('div');
  section.className = 'popup-news';
  const href = externalLink(text(props.link));
  if (href) {
    const line = document.createElement('p');
    line.className = 'popup-news-open';
    const link = document.createElement('a');
    link.href = href;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.textContent = 'Open story';
    // Where the link goes, before it is followed.
    const host = document.createElement('span');
    host.className = 'popup-news-host';
    host.textContent = new URL(href).host;
    line.append(link, host);
    section.append(line);
  }
  const summary = storySummary(props);
  if (summary) {
    const paragraph = document.createElement('p');
    paragraph.className = 'popup-news-summary';
    paragraph.textContent = summary;
    paragraph.title = summary;
    section.append(paragraph);
  }
  return section;
}
