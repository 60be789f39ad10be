// The HUD: counters, live state, pipeline freshness, recent alerts, summary slots.
import { expect, type Locator, type Page } from '@playwright/test';

export class HudPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('hud');
  }

  counter(name: 'fires-view' | 'fires-hour' | 'aircraft' | 'alerts'): Locator {
    return this.page.getByTestId(`hud-count-${name}`);
  }

  async counterValue(name: 'fires-view' | 'fires-hour' | 'aircraft' | 'alerts'): Promise<number | null> {
    const value = await this.counter(name).getAttribute('data-value');
    return value === null || value === '' ? null : Number(value);
  }

  liveState(): Locator {
    return this.page.getByTestId('live-state');
  }

  pipelines(): Locator {
    return this.page.getByTestId('pipelines');
  }

  pipeline(name: string): Locator {
    return this.pipelines().locator(`[data-pipeline="${name}"]`);
  }

  recentAlerts(): Locator {
    return this.page.getByTestId('recent-alerts');
  }

  /** Unfolds the brief, which a first start in a window under 1,400 px wide folds (the tests' 1,280 px among them). */
  async openBrief(): Promise<void> {
    const toggle = this.page.getByTestId('brief-toggle');
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }

  slot(name: 'daily-recap' | 'hourly-summary' | 'analyst-summary' | 'latest-news'): Locator {
    return this.page.getByTestId(name);
  }
}
