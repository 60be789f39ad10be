// The playback timeline: histogram, draggable cursor, Live.
import { expect, type Locator, type Page } from '@playwright/test';

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

  /** The words over the strip for the minute under the pointer. */
  hoverWords(): Locator {
    return this.page.getByTestId('playback-hover');
  }

  /** Points at the first bar of a band of the strip (`fire`, `news`, `other`): the middle of its minute's column. */
  async hoverFirstBar(band: 'fire' | 'news' | 'other'): Promise<void> {
    const path = (await this.page.getByTestId(`playback-bars-${band}`).getAttribute('d')) ?? '';
    const [, x, width] = /^M([\d.]+),[\d.]+h([\d.]+)/.exec(path) ?? [];
    if (x === undefined || width === undefined) throw new Error(`no ${band} bar on the strip`);
    const box = await this.page.getByTestId('playback-histogram').boundingBox();
    if (!box) throw new Error('playback strip not on screen');
    // The strip's viewBox is 1000 wide, stretched to the track.
    await this.page.mouse.move(box.x + ((Number(x) + Number(width) / 2) / 1000) * box.width, box.y + box.height - 2);
  }

  /** Chooses the timeline's range (it opens in the one that shows the Layers tab's window, 24 h by default). */
  async chooseRange(hours: 1 | 6 | 24 | 72 | 168): Promise<void> {
    const button = this.rangeButton(hours);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  /** A range's button on the strip ("24 h", "7 d"). */
  rangeButton(hours: 1 | 6 | 24 | 72 | 168) {
    return this.root.getByRole('button', { name: hours === 168 ? '7 d' : `${hours} h`, exact: true });
  }

  async goLive(): Promise<void> {
    await this.page.getByTestId('playback-live').click();
  }
}
