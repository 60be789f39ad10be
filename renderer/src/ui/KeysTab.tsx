// Third-party keys, one row per provider: masked value, where it comes from, a warning when it is set but
// not enough, what it is for, paste a new one, test it against the provider, delete.
// A pasted value lives only in the field until it is sent; it is cleared after saving and never shown back.
// Every text about a key (purpose, where to get it, what works without it, warnings) comes from the API.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { failureMessage } from '../api/api-error';
import type { KeyEntry, KeyTestResult } from '../api/api-types';
import { sentenceCase } from '../format/sentence-case';
import { formatBoth, formatLocal } from '../format/time-format';
import { LatestRead } from '../data/latest-read';
import { announceSourcesChanged } from '../data/sources-changed';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { LinkedText } from './LinkedText';
import './KeysTab.css';

/** `failedTest`: its last test here failed (a green "Set" stood beside the provider's refusal). */
function statusText(entry: KeyEntry, failedTest: boolean): string {
  if (!entry.configured) return 'Not set';
  // The kind of key it looks like, when that tells more than the row's own name ("Set (Anthropic)", not "Set (FIRMS map key)").
  const family = entry.family && entry.family !== entry.label ? ` (${entry.family})` : '';
  return `${entry.warning ? 'Incomplete' : 'Set'}${family}${failedTest ? ' · test failed' : ''}`;
}

// A new FIRMS key sets off a fires run on the server (it takes a few seconds): the HUD and the Sources tab read the
// sources' state at once and again once that run has likely ended.
const KEY_RUN_SETTLE_MS = 5_000;

function keyChanged(): void {
  announceSourcesChanged();
  window.setTimeout(announceSourcesChanged, KEY_RUN_SETTLE_MS);
}

function KeyRow({ api, entry, onSaved, onRemoved }: { api: ApiClient; entry: KeyEntry; onSaved: (entry: KeyEntry) => void; onRemoved: () => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The last test, made here or before (the API keeps it until the key changes): a failed one stays on the row.
  const [tested, setTested] = useState<(KeyTestResult & { at?: string }) | null>(entry.lastTest);
  const failedTest = tested?.ok === false;
  const id = entry.provider;

  const test = async () => {
    setBusy(true);
    setTested(null);
    try {
      setTested(await api.post<KeyTestResult>(`/api/keys/${id}/test`, undefined));
    } catch (failure) {
      setTested({ ok: false, message: failureMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    let stored = false;
    try {
      const saved = await api.post<KeyEntry>('/api/keys', { provider: id, value });
      setValue('');
      setTested(null);
      onSaved(saved);
      keyChanged();
      stored = true;
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
    // A key of the right form may still be refused (mistyped, revoked): it is tried with its provider at once.
    if (stored) await test();
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete('/api/keys', { provider: id });
      setTested(null);
      // A key from the environment may still be in use: read the row back.
      onRemoved();
      keyChanged();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="key-row" data-testid={`key-row-${id}`} data-configured={entry.configured} data-origin={entry.origin ?? 'none'}>
      <div className="key-head">
        <strong>{sentenceCase(entry.label)}</strong>
        <span className={`key-status ${!entry.configured ? 'unset' : entry.warning || failedTest ? 'warn' : 'set'}`} data-testid={`key-status-${id}`}>
          {statusText(entry, failedTest)}
        </span>
      </div>
      <p className="key-purpose muted" data-testid={`key-purpose-${id}`}>
        {entry.purpose}
      </p>
      {/* What is set now: nothing to show for a key that is not set (its status says so). */}
      {entry.configured && (
        <div className="key-current">
          <code data-testid={`key-masked-${id}`}>{entry.masked ?? '—'}</code>
          {entry.origin === 'environment' && (
            <span className="key-origin" data-testid={`key-origin-${id}`}>
              from the environment
            </span>
          )}
          {entry.origin === 'stored' && (
            <span className="key-origin" data-testid={`key-origin-${id}`}>
              stored
            </span>
          )}
          {entry.updatedAt && <span className="muted">{formatBoth(entry.updatedAt)}</span>}
        </div>
      )}
      {entry.warning && (
        <p className="key-warning" data-testid={`key-warning-${id}`} role="status">
          ⚠ {entry.warning}
        </p>
      )}
      <form onSubmit={(event) => void save(event)} className="key-form">
        <label htmlFor={`key-input-${id}`} className="visually-hidden">
          New {entry.label}
        </label>
        <input
          id={`key-input-${id}`}
          data-testid={`key-input-${id}`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          // Beside Test and Delete the field is narrow: a set key's placeholder is short enough to read whole ("Paste a
          // new key" was cut to "Paste a new ke" at 1440 px).
          placeholder={entry.configured ? 'New key' : `Paste a new ${entry.label}`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `key-error-${id}` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" data-testid={`key-save-${id}`} disabled={busy || !value.trim()}>
          Save
        </button>
        {entry.configured && (
          <button type="button" data-testid={`key-test-${id}`} disabled={busy} onClick={() => void test()}>
            Test
          </button>
        )}
        {entry.origin === 'stored' && (
          <ConfirmDeleteButton
            testId={`key-delete-${id}`}
            ariaLabel={`Delete the stored ${entry.label}`}
            disabled={busy}
            question={`Delete the stored ${entry.label}? It cannot be shown again. ${entry.withoutIt}`}
            onConfirm={() => void remove()}
          />
        )}
      </form>
      {error && (
        <p className="field-error" id={`key-error-${id}`} data-testid={`key-error-${id}`} role="alert">
          {sentenceCase(error)}
        </p>
      )}
      {tested && (
        <p className={`key-test-result ${tested.ok ? 'ok' : 'failed'}`} data-testid={`key-test-result-${id}`} data-ok={tested.ok} role="status">
          {tested.ok ? '✓' : '✗'} {tested.message}
          {tested.at && <span className="muted"> (tested {formatLocal(new Date(tested.at))})</span>}
        </p>
      )}
      <dl className="key-help">
        <dt>Get one</dt>
        <dd data-testid={`key-get-from-${id}`}>
          <LinkedText text={entry.getFrom} />
        </dd>
        <dt>Without it</dt>
        <dd data-testid={`key-without-${id}`}>{entry.withoutIt}</dd>
      </dl>
    </li>
  );
}

export function KeysTab({ api }: { api: ApiClient }) {
  const [keys, setKeys] = useState<KeyEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A read asked before a key was saved, answered after, would show the key as it was.
  const [reads] = useState(() => new LatestRead());

  const load = useCallback(() => {
    const ticket = reads.begin();
    api
      .get<{ keys: KeyEntry[] }>('/api/keys')
      .then((body) => reads.isNewest(ticket) && setKeys(body.keys))
      .catch((failure: Error) => setError(failure.message));
  }, [api, reads]);
  useEffect(load, [load]);

  // Shown at once, and read again: a read asked before the save is no longer the newest, and cannot put it back.
  const replace = (entry: KeyEntry) => {
    load();
    setKeys((current) => current?.map((known) => (known.provider === entry.provider ? entry : known)) ?? null);
  };

  return (
    <section className="keys-tab" data-testid="keys-tab">
      <p className="muted">Keys are stored encrypted by the local API. Values are never shown again after saving.</p>
      {error && <p className="field-error">Keys could not be read: {error}</p>}
      {keys === null && !error && <p className="muted">Loading…</p>}
      <ul className="key-list">{keys?.map((entry) => <KeyRow key={entry.provider} api={api} entry={entry} onSaved={replace} onRemoved={load} />)}</ul>
    </section>
  );
}
