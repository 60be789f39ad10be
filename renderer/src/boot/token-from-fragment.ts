// The UI is opened as `<apiUrl>/#token=<token>`: the token moves to memory and leaves the address bar,
// so it is not kept in history, bookmarks or screenshots of the URL.
export function takeTokenFromFragment(location: Location = window.location, history: History = window.history): string | null {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const token = fragment.get('token');
  if (location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return token && token.trim() ? token.trim() : null;
}
