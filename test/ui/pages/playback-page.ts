// The playback timeline: histogram, draggable cursor, Live.
import type { Locator, Page } from '@playwright/test';

export class PlaybackPage {
  readonly root: Locator;
  readonly cursor: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('playback');
    this.cursor = page.getByTestId('playback-cursor');
  }

  minuteLabel(): Locator {
    return this.page.getByTestId('playback-minute');
  }

  total(): Locator {
    return this.page.getByTestId('playback-total');
  }

  /** Drags the cursor from the live end to a fraction of the track (0 = oldest minute). */
  async dragTo(fraction: number): Promise<void> {
    const box = await this.cursor.boundingBox();
    if (!box) throw new Error('playback track not on screen');
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width - 2, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * fraction, y, { steps: 8 });
    await this.page.mouse.up();
  }

  async goLive(): Promise<void> {
    await this.page.getByTestId('playback-live').click();
  }
}
