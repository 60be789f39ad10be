// Saving settings from the Sources panel: only the editable ones, never one the environment sets, and only values the
// owning domain's reader accepts (checked together with everything else in effect); nothing is stored otherwise.
import { ZodError } from 'zod';
import { invalidInput } from '../domain-errors.js';
import { EDITABLE_SETTINGS } from './editable-settings.js';
import type { EditableSettingName } from './setting-names.js';
import type { EffectiveSetting, SourceSettingsStore } from './source-settings-store.js';

/** A reader's complaint, naming the setting when its own words do not. */
function namedProblem(issue: ZodError['issues'][number]): string {
  const name = String(issue.path[0] ?? '');
  return name && !issue.message.includes(name) ? `${name}: ${issue.message}` : issue.message;
}

function accepts(check: (settings: Record<string, string>) => unknown, settings: Record<string, string>): boolean {
  try {
    check(settings);
    return true;
  } catch {
    return false;
  }
}

export class SourceSettingsService {
  constructor(private readonly store: SourceSettingsStore) {}

  /** `changes`: a value to save, or null to go back to the default. Answers the settings now in effect. */
  async update(changes: Partial<Record<EditableSettingName, string | null>>): Promise<EffectiveSetting[]> {
    const normalized = new Map<EditableSettingName, string | null>();
    for (const [name, raw] of Object.entries(changes) as [EditableSettingName, string | null | undefined][]) {
      if (raw === undefined) continue;
      const value = raw?.trim() || null;
      if (this.store.environmentValue(name) !== null) {
        throw invalidInput('set_by_environment', `${name} is set by the environment, which wins: change it there`, { setting: name });
      }
      normalized.set(name, value);
    }
    if (normalized.size === 0) return this.store.describeAll();
    const candidate = this.store.settingsWith(normalized);
    const checks = new Set([...normalized.keys()].map((name) => EDITABLE_SETTINGS[name].check));
    const problems: string[] = [];
    for (const check of checks) {
      try {
        check(candidate);
      } catch (error) {
        if (!(error instanceof ZodError)) throw error;
        problems.push(...error.issues.map(namedProblem));
      }
    }
    if (problems.length > 0) throw invalidInput('invalid_setting', [...new Set(problems)].join('; '), { settings: [...normalized.keys()] });
    await this.store.save(normalized);
    return this.store.describeAll();
  }

  /**
   * At start: a saved value its domain no longer accepts (a rule tightened since) is removed, so the app still starts
   * with the default; answers what was removed and why, for the log.
   */
  async dropRefusedSaved(): Promise<string[]> {
    const dropped: string[] = [];
    for (const setting of this.store.describeAll().filter((entry) => entry.origin === 'saved')) {
      const { check } = EDITABLE_SETTINGS[setting.name];
      try {
        check(this.store.settings());
      } catch (error) {
        if (!(error instanceof ZodError)) throw error;
        // Refused without this value too: the fault is elsewhere (the environment's), not this saved value.
        if (!accepts(check, this.store.settingsWith(new Map([[setting.name, null]])))) continue;
        await this.store.save(new Map([[setting.name, null]]));
        dropped.push(`${setting.name}: ${error.issues.map(namedProblem).join('; ')}`);
      }
    }
    return dropped;
  }
}
