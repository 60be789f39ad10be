// The Sources panel's data: one row per source (GET /api/sources), read again every 30 s and after each change;
// saving settings, "Run now" (POST /api/jobs/:name) and the Telegram test message, each answered in words.
import { useCallback, useEffect, useState } from 'react';
import { LatestRead } from './latest-read';
import type { ApiClient } from '../api/api-client';
import { ApiRequestError, failureMessage } from '../api/api-error';
import type { SourceList, SourceRow, SourceSettingsUpdate, TelegramTestResult } from '../api/api-types';
import { type ActionOutcome, describeJobAnswer, type JobAnswer } from './job-answer-words';
import { HEALTH_POLL_MS } from './refresh-intervals';
import { announceSourcesChanged, useSourcesChanged } from './sources-changed';
import { useInterval } from './use-interval';

export type { ActionOutcome };

export interface SourcesData {
  sources: SourceRow[] | null;
  error: string | null;
  reload: () => void;
  /** Saves the settings given (null: back to the default); answers the refusal in words, or null when saved. */
  save: (changes: SourceSettingsUpdate) => Promise<string | null>;
  runNow: (job: string) => Promise<ActionOutcome>;
  sendTestMessage: () => Promise<ActionOutcome>;
}

export function useSources(api: ApiClient): SourcesData {
  const [sources, setSources] = useState<SourceRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The poll and the read after a change may answer out of order: the newest asked is shown.
  const [reads] = useState(() => new LatestRead());

  const reload = useCallback(() => {
    const ticket = reads.begin();
    api
      .get<SourceList>('/api/sources')
      .then((body) => {
        if (!reads.isNewest(ticket)) return;
        setSources(body.sources);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (reads.isNewest(ticket)) setError(failureMessage(failure));
      });
  }, [api, reads]);
  useEffect(reload, [reload]);
  useInterval(reload, HEALTH_POLL_MS);
  // A Run now or a setting here, a key saved in the Keys tab, a camera directory's crawl ended: read again at once.
  useSourcesChanged(reload);

  const save = useCallback(
    async (changes: SourceSettingsUpdate) => {
      try {
        await api.put('/api/sources/settings', changes);
        announceSourcesChanged();
        return null;
      } catch (failure) {
        return failureMessage(failure);
      }
    },
    [api, reload],
  );

  const runNow = useCallback(
    async (job: string): Promise<ActionOutcome> => {
      try {
        return describeJobAnswer(await api.post<JobAnswer>(`/api/jobs/${encodeURIComponent(job)}`, {}));
      } catch (failure) {
        if (failure instanceof ApiRequestError && failure.status === 409) return { ok: false, message: 'Already running: wait for it to end.' };
        // The source failed: its row says why in a line (read again below), not the whole error a second time.
        if (failure instanceof ApiRequestError && failure.status === 502) return { ok: false, message: 'The run failed: the row above says why.' };
        return { ok: false, message: failureMessage(failure) };
      } finally {
        // This tab and the HUD's health alike.
        announceSourcesChanged();
      }
    },
    [api],
  );

  const sendTestMessage = useCallback(async (): Promise<ActionOutcome> => {
    try {
      const answer = await api.post<TelegramTestResult>('/api/sources/telegram/test-message', {});
      return { ok: answer.ok, message: answer.message };
    } catch (failure) {
      return { ok: false, message: failureMessage(failure) };
    } finally {
      announceSourcesChanged();
    }
  }, [api]);

  return { sources, error, reload, save, runNow, sendTestMessage };
}
