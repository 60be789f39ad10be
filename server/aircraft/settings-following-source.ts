// The ADS-B source the settings in effect choose, re-opened when they change (a receiver URL or aggregator saved in
// the Sources panel applies at the next run, without a restart); the previous one is stopped.
import type { Database } from '../db/database.js';
import type { AircraftSourceMode, AircraftSourceSettings } from './aircraft-settings.js';
import type { AircraftSource, SourceRead } from './aircraft-source.js';
import { openAircraftSource } from './open-aircraft-source.js';

export class SettingsFollowingSource implements AircraftSource {
  private current: { key: string; source: AircraftSource } | null = null;

  constructor(
    /** The source settings in effect now. */
    private readonly settings: () => AircraftSourceSettings,
    private readonly db: Database,
    private readonly open: (settings: AircraftSourceSettings, db: Database) => AircraftSource = openAircraftSource,
  ) {}

  private source(): AircraftSource {
    const settings = this.settings();
    const key = JSON.stringify(settings);
    if (this.current?.key !== key) {
      const previous = this.current?.source;
      this.current = { key, source: this.open(settings, this.db) };
      void previous?.stop();
    }
    return this.current.source;
  }

  get mode(): AircraftSourceMode {
    return this.source().mode;
  }

  read(): Promise<SourceRead | { idle: string }> {
    return this.source().read();
  }

  health(): Promise<Record<string, unknown>> {
    return this.source().health();
  }

  async stop(): Promise<void> {
    await this.current?.source.stop();
  }
}
