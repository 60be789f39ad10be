// The settings in effect: defaults ← saved in the Sources panel ← the environment (a non-empty value there wins).
// Held in memory after load() and written through on save, so every poller can read them at each run, synchronously.
import { EDITABLE_SETTINGS } from './editable-settings.js';
import { EDITABLE_SETTING_NAMES, type EditableSettingName } from './setting-names.js';
import type { SourceSettingsRepository } from './source-settings-repository.js';

export type SettingOrigin = 'environment' | 'saved' | 'default';

export interface EffectiveSetting {
  name: EditableSettingName;
  /** The value in use; null when nothing applies (the description says what that means). */
  value: string | null;
  origin: SettingOrigin;
  /** When it was saved in the panel (origin `saved`). */
  savedAt: Date | null;
}

export class SourceSettingsStore {
  private saved = new Map<string, { value: string; updatedAt: Date }>();

  constructor(
    private readonly repository: SourceSettingsRepository,
    /** config.settings: what the environment gave the API process. */
    private readonly environment: Readonly<Record<string, string>>,
  ) {}

  async load(): Promise<void> {
    this.saved = new Map((await this.repository.list()).map((row) => [row.name, { value: row.value, updatedAt: row.updatedAt }]));
  }

  /** The environment's non-empty value of a setting, if it sets one. */
  environmentValue(name: string): string | null {
    return this.environment[name]?.trim() || null;
  }

  /** Every setting as the domains' readers take them: the environment's, with saved values where it sets none. */
  settings(): Record<string, string> {
    const merged: Record<string, string> = { ...this.environment };
    for (const [name, { value }] of this.saved) if (!this.environmentValue(name)) merged[name] = value;
    return merged;
  }

  /** The same with `changes` applied as if saved (null: cleared), for checking before saving. */
  settingsWith(changes: ReadonlyMap<string, string | null>): Record<string, string> {
    const merged = this.settings();
    for (const [name, value] of changes) {
      if (this.environmentValue(name)) continue;
      if (value === null) delete merged[name];
      else merged[name] = value;
    }
    return merged;
  }

  describe(name: EditableSettingName): EffectiveSetting {
    const fromEnvironment = this.environmentValue(name);
    if (fromEnvironment) return { name, value: fromEnvironment, origin: 'environment', savedAt: null };
    const saved = this.saved.get(name);
    if (saved) return { name, value: saved.value, origin: 'saved', savedAt: saved.updatedAt };
    return { name, value: EDITABLE_SETTINGS[name].defaultValue, origin: 'default', savedAt: null };
  }

  describeAll(): EffectiveSetting[] {
    return EDITABLE_SETTING_NAMES.map((name) => this.describe(name));
  }

  /** Writes the changes (null: back to the default) and takes them in at once. */
  async save(changes: ReadonlyMap<string, string | null>): Promise<void> {
    await this.repository.apply(changes);
    await this.load();
  }
}
