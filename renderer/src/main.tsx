// Entry: take the token (or this tab's remembered one) and the view from the address (or the one the last session on
// this origin was left at), then boot the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClient } from './api/api-client';
import { setPageState } from './boot/page-state';
import { rememberedToken, rememberToken } from './boot/session-token';
import { takeTokenFromFragment } from './boot/token-from-fragment';
import { addressToOpen, readAddress } from './boot/view-address';
import { rememberedAddress } from './data/use-view-address';
import './styles/app.css';
import { loadMapModule } from './map/map-module';
import { App } from './ui/App';

setPageState('loading');
const hash = window.location.hash;
const fromAddress = takeTokenFromFragment();
if (fromAddress) rememberToken(fromAddress);
// A reload of this tab finds the token it was opened with.
const token = fromAddress ?? rememberedToken();
const api = token ? new ApiClient(window.location.origin, token) : null;
// Fetched while the token is checked; a failed check simply never uses it.
if (api) void loadMapModule().catch(() => undefined);
// Opening another address of this app in this tab (a `#token=` one, a shared link to a view, a minute or a filter)
// changes only the fragment: start over to read it (the app keeps the address in step with replaceState, which fires
// no hashchange, so only an address given from outside starts over).
window.addEventListener('hashchange', () => window.location.reload());
const root = document.getElementById('root')!;

createRoot(root).render(
  <StrictMode>
    <App api={api} address={readAddress(addressToOpen(hash, rememberedAddress()))} />
  </StrictMode>,
);
