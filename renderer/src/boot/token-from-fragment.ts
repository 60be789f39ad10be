// The UI is opened as `<apiUrl>/#token=<token>`: the token moves to memory (and this tab's session storage) and leaves
// the address bar, so it is not kept in history, bookmarks, shared links or screenshots of the URL; the rest of the
// fragment (the view) stays. Pure of DOM types: unit-tested from Node.

/** The parts of `window.location` and `window.history` used here. */
export interface AddressBar {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url: string): void };
}

function browserAddressBar(): AddressBar {
  return globalThis as unknown as AddressBar;
}

export function takeTokenFromFragment({ location, history }: AddressBar = browserAddressBar()): string | null {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const token = fragment.get('token');
  if (token !== null) {
    fragment.delete('token');
    const rest = fragment.toString().replace(/%2C/g, ',');
    history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  }
  return token && token.trim() ? token.trim() : null;
}
