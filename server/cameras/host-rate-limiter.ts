// Requests to any one host are spaced to a rate (CAMERA_HOST_RATE per second) and the whole crawl has a
// bounded number in flight. Directory pages and snapshots share the same limiter.
import { setTimeout as sleep } from 'node:timers/promises';
import Bottleneck from 'bottleneck';

export class HostRateLimiter {
  private readonly hosts: Bottleneck.Group;
  private readonly overall: Bottleneck;
  private readonly spacingMs: number;

  constructor(options: { requestsPerSecond: number; maxConcurrent?: number }) {
    this.spacingMs = Math.ceil(1000 / options.requestsPerSecond);
    this.hosts = new Bottleneck.Group({ maxConcurrent: 1 });
    this.overall = new Bottleneck({ maxConcurrent: options.maxConcurrent ?? 8 });
  }

  /**
   * Runs `task` when both its host's slot and an overall slot are free. The host's slot is held for the
   * spacing after the task ends, so the gap is kept on the wire, not only between launches (a slow
   * connect would otherwise bunch two requests together).
   */
  schedule<T>(url: string, task: () => Promise<T>): Promise<T> {
    const host = new URL(url).host.toLowerCase();
    return new Promise<T>((resolve, reject) => {
      this.hosts
        .key(host)
        .schedule(async () => {
          try {
            resolve(await this.overall.schedule(task));
          } catch (error) {
            reject(error as Error);
          }
          await sleep(this.spacingMs);
        })
        .catch(reject);
    });
  }

  async stop(): Promise<void> {
    await Promise.all([...this.hosts.limiters().map(({ limiter }) => limiter.stop({ dropWaitingJobs: true })), this.overall.stop({ dropWaitingJobs: true })]).catch(
      () => undefined,
    );
  }
}
