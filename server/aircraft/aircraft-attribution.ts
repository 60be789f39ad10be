// The credit an aircraft data source asks for, shown on the map while it feeds it (adsb.lol's data is
// under the ODbL; OpenSky asks to be named). A local receiver is the user's own and needs none.
const CREDITS: ReadonlyArray<{ host: RegExp; credit: string }> = [
  { host: /(^|\.)adsb\.lol$/i, credit: '© adsb.lol contributors (ODbL)' },
  { host: /(^|\.)airplanes\.live$/i, credit: 'Aircraft: airplanes.live' },
  { host: /(^|\.)adsb\.fi$/i, credit: 'Aircraft: adsb.fi' },
  { host: /(^|\.)opensky-network\.org$/i, credit: 'Aircraft: The OpenSky Network' },
];

/** The credit line for an aggregator or OpenSky URL; another public host is named by its host. */
export function aircraftCredit(url: string, kind: 'aggregator' | 'opensky' | 'receiver'): string | null {
  if (kind === 'receiver') return null;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const known = CREDITS.find((entry) => entry.host.test(host));
  if (known) return known.credit;
  return kind === 'opensky' ? 'Aircraft: The OpenSky Network' : `Aircraft: ${host}`;
}
