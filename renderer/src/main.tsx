// Entry: take the token (and optional view) from the address, then boot the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClient } from './api/api-client';
import { viewFromFragment, WORLD_VIEW } from './boot/initial-view';
import { setPageState } from './boot/page-state';
import { takeTokenFromFragment } from './boot/token-from-fragment';
import './styles/app.css';
import { loadMapModule } from './map/map-module';
import { App } from './ui/App';

setPageState('loading');
const hash = window.location.hash;
const token = takeTokenFromFragment();
const api = token ? new ApiClient(window.location.origin, token) : null;
// Fetched while the token is checked; a failed check simply never uses it.
if (api) void loadMapModule().catch(() => undefined);
// Opening a new `#token=` address in this tab changes only the fragment: start over to read it.
window.addEventListener('hashchange', () => {
  if (/(^#|&)token=/.test(window.location.hash)) window.location.reload();
});
const root = document.getElementById('root')!;

createRoot(root).render(
  <StrictMode>
    <App api={api} initialView={viewFromFragment(hash) ?? WORLD_VIEW} />
  </StrictMode>,
);
