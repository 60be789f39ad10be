// The Sources tab: one row per source (state dot and words, Run now, settings), the first-run note.
import type { Locator, Page } from '@playwright/test';

export class SourcesPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Sources' }).click();
  }

  intro(): Locator {
    return this.page.getByTestId('sources-intro');
  }

  row(source: string): Locator {
    return this.page.getByTestId(`source-row-${source}`);
  }

  state(source: string): Locator {
    return this.page.getByTestId(`source-state-${source}`);
  }

  todo(source: string): Locator {
    return this.page.getByTestId(`source-todo-${source}`);
  }

  runNow(source: string): Locator {
    return this.page.getByTestId(`source-run-${source}`);
  }

  runResult(source: string): Locator {
    return this.page.getByTestId(`source-run-result-${source}`);
  }

  async expand(source: string): Promise<void> {
    const toggle = this.page.getByTestId(`source-expand-${source}`);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  input(setting: string): Locator {
    return this.page.getByTestId(`source-setting-${setting}-input`);
  }

  origin(setting: string): Locator {
    return this.page.getByTestId(`source-setting-${setting}-origin`);
  }

  resetToDefault(setting: string): Locator {
    return this.page.getByTestId(`source-setting-${setting}-reset`);
  }

  save(source: string): Locator {
    return this.page.getByTestId(`source-save-${source}`);
  }

  saved(source: string): Locator {
    return this.page.getByTestId(`source-saved-${source}`);
  }

  error(source: string): Locator {
    return this.page.getByTestId(`source-error-${source}`);
  }

  useVisibleMapArea(): Locator {
    return this.page.getByTestId('source-fires-use-map');
  }

  sendTestMessage(): Locator {
    return this.page.getByTestId('source-telegram-test');
  }

  testMessageResult(): Locator {
    return this.page.getByTestId('source-telegram-test-result');
  }
}
