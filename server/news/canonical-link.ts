// The canonical form of an article link: what makes two feeds' links to one page compare equal.
const TRACKING_PARAM = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|ocid|cmpid|cmp|icid|ito|smid|taid|partner|at_medium|at_campaign|at_custom\d|rss|feed|ref|ref_src|src|source)$/i;

/** http(s) URL with tracking parameters, fragment, default port and case differences removed; null if not a web link. */
export function canonicalLink(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  const kept = [...url.searchParams].filter(([name]) => !TRACKING_PARAM.test(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  // http and https of one page are one page.
  url.protocol = 'https:';
  if (url.port === '443' || url.port === '80') url.port = '';
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.toString();
}
