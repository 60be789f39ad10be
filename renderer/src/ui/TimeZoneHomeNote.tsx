// Says where the map opened and why (this computer's time zone), under the search box, for a few seconds; while the
// place list of a first start is still loading, that it is finding this computer's area.
import { useEffect, useState } from 'react';
import type { TimeZoneHomeState } from '../data/use-time-zone-home';

const SHOWN_MS = 12_000;

export function TimeZoneHomeNote({ state: { home, finding } }: { state: TimeZoneHomeState }) {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!home) return;
    const timer = window.setTimeout(() => setClosed(true), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [home]);
  if (closed) return null;
  if (!home && finding) {
    return (
      <p className="home-note" role="status" data-testid="home-finding">
        <span>
          Finding this computer's area (time zone {finding}): the place list is still loading, about half a minute at a first start.
        </span>
        <button type="button" aria-label="Close" onClick={() => setClosed(true)}>
          ×
        </button>
      </p>
    );
  }
  if (!home) return null;
  const { place } = home;
  const where = [place.name, place.admin1Name, place.countryName ?? place.countryCode].filter((part, index, parts) => part && parts.indexOf(part) === index);
  return (
    <p className="home-note" role="status" data-testid="home-note">
      <span>
        Opened on <strong>{where.join(', ')}</strong>: this computer's time zone is {home.timeZone}.
      </span>
      <button type="button" aria-label="Close" onClick={() => setClosed(true)}>
        ×
      </button>
    </p>
  );
}
