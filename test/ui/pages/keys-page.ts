// The Keys tab: one row per provider.
import type { Locator, Page } from '@playwright/test';

export class KeysPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Keys' }).click();
  }

  row(provider: string): Locator {
    return this.page.getByTestId(`key-row-${provider}`);
  }

  input(provider: string): Locator {
    return this.page.getByTestId(`key-input-${provider}`);
  }

  masked(provider: string): Locator {
    return this.page.getByTestId(`key-masked-${provider}`);
  }

  status(provider: string): Locator {
    return this.page.getByTestId(`key-status-${provider}`);
  }

  error(provider: string): Locator {
    return this.page.getByTestId(`key-error-${provider}`);
  }

  origin(provider: string): Locator {
    return this.page.getByTestId(`key-origin-${provider}`);
  }

  warning(provider: string): Locator {
    return this.page.getByTestId(`key-warning-${provider}`);
  }

  purpose(provider: string): Locator {
    return this.page.getByTestId(`key-purpose-${provider}`);
  }

  getFrom(provider: string): Locator {
    return this.page.getByTestId(`key-get-from-${provider}`);
  }

  withoutIt(provider: string): Locator {
    return this.page.getByTestId(`key-without-${provider}`);
  }

  testButton(provider: string): Locator {
    return this.page.getByTestId(`key-test-${provider}`);
  }

  testResult(provider: string): Locator {
    return this.page.getByTestId(`key-test-result-${provider}`);
  }

  async save(provider: string, value: string): Promise<void> {
    await this.input(provider).fill(value);
    await this.page.getByTestId(`key-save-${provider}`).click();
  }

  /** Delete, then the question's Delete. */
  async remove(provider: string): Promise<void> {
    await this.page.getByTestId(`key-delete-${provider}`).click();
    await this.page.getByTestId(`key-delete-${provider}-confirm`).click();
  }
}
