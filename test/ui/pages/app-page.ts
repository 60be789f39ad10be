// Opening the UI the way a user does (`<apiUrl>/#token=…`) and waiting on its data-state contract.
import { expect, type Page } from '@playwright/test';
import { uiStack } from '../support/stack-file.js';

export interface OpenOptions {
  token?: string | null;
  /** `lon,lat,zoom` */
  view?: [number, number, number];
  /** The filters as the address writes them (`w:72h;frp:10`). */
  filter?: string;
  /** The playback minute as the address writes it (`2026-11-24T03:12Z`). */
  at?: string;
}

export class AppPage {
  constructor(readonly page: Page) {}

  async open(options: OpenOptions = {}): Promise<void> {
    const { apiUrl, token } = uiStack();
    const chosen = options.token === undefined ? token : options.token;
    const fragment = new URLSearchParams();
    if (chosen) fragment.set('token', chosen);
    if (options.view) fragment.set('view', options.view.join(','));
    if (options.filter) fragment.set('filter', options.filter);
    if (options.at) fragment.set('at', options.at);
    await this.page.goto(`${apiUrl}/#${fragment.toString()}`);
  }

  async openReady(options: OpenOptions = {}): Promise<void> {
    await this.open(options);
    await this.waitForState('ready');
  }

  async waitForState(state: 'loading' | 'ready' | 'error'): Promise<void> {
    // A selector wait is checked at every frame; a retried assertion backs off to checks a second apart.
    await this.page.locator(`html[data-state="${state}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    await expect(this.page.locator('html')).toHaveAttribute('data-state', state);
  }

  errorScreen() {
    return this.page.getByTestId('error-screen');
  }
}
