// Says where the map opened and why (this computer's time zone), under the search box, for a few seconds.
import { useEffect, useState } from 'react';
import type { TimeZoneHome } from '../data/use-time-zone-home';

const SHOWN_MS = 12_000;

export function TimeZoneHomeNote({ home }: { home: TimeZoneHome | null }) {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!home) return;
    const timer = window.setTimeout(() => setClosed(true), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [home]);
  if (!home || closed) return null;
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
