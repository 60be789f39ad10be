// Requests to any one host are spaced to a rate (CAMERA_HOST_RATE per second) and the whole crawl has a
// bounded number in flight. Directory pages and snapshots share the same limiter.
import pLimit, { type LimitFunction } from 'p-limit';
import { SpacedSlot } from '../http/spaced-slot.js';

export class HostRateLimiter {
  // A host's slot is kept while it has requests asked for or in their spacing, and dropped after: a crawl of a
  // directory names thousands of hosts.
  private readonly hosts = new Map<string, SpacedSlot>();
  private readonly overall: LimitFunction;
  private readonly spacingMs: number;

  constructor(options: { requestsPerSecond: number; maxConcurrent?: number }) {
    this.spacingMs = Math.ceil(1000 / options.requestsPerSecond);
    this.overall = pLimit({ concurrency: options.maxConcurrent ?? 8, rejectOnClear: true });
  }

  /**
   * Runs `task` when both its host's slot and an overall slot are free. The host's slot is held for the
   * spacing after the task ends, so the gap is kept on the wire, not only between launches (a slow
   * connect would otherwise bunch two requests together).
   */
  schedule<T>(url: string, task: () => Promise<T>): Promise<T> {
    const host = new URL(url).host.toLowerCase();
    let slot = this.hosts.get(host);
    if (!slot) {
      const made = new SpacedSlot(this.spacingMs, () => {
        if (this.hosts.get(host) === made) this.hosts.delete(host);
      });
      this.hosts.set(host, made);
      slot = made;
    }
    return slot.run(() => this.overall(task));
  }

  /** Hosts with requests waiting, running or in their spacing. */
  get busyHosts(): number {
    return this.hosts.size;
  }

  /** Drops every request still waiting (each is rejected); those running go on. */
  async stop(): Promise<void> {
    for (const slot of this.hosts.values()) slot.clear();
    this.overall.clearQueue();
  }
}
