// Third-party keys, one row per provider: masked value, status, paste a new one, delete.
// A pasted value lives only in the field until it is sent; it is cleared after saving and never shown back.
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { ApiRequestError } from '../api/api-error';
import type { KeyEntry } from '../api/api-types';
import { formatBoth } from '../format/time-format';

function KeyRow({ api, entry, onSaved }: { api: ApiClient; entry: KeyEntry; onSaved: (entry: KeyEntry | null) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = entry.provider;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await api.post<KeyEntry>('/api/keys', { provider: id, value });
      setValue('');
      onSaved(saved);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete('/api/keys', { provider: id });
      onSaved({ ...entry, configured: false, masked: null, family: null, updatedAt: null });
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="key-row" data-testid={`key-row-${id}`} data-configured={entry.configured}>
      <div className="key-head">
        <strong>{entry.label}</strong>
        <span className={`key-status ${entry.configured ? 'set' : 'unset'}`} data-testid={`key-status-${id}`}>
          {entry.configured ? `Set${entry.family ? ` (${entry.family})` : ''}` : 'Not set'}
        </span>
      </div>
      <div className="key-current">
        <code data-testid={`key-masked-${id}`}>{entry.masked ?? '—'}</code>
        {entry.updatedAt && <span className="muted">{formatBoth(entry.updatedAt)}</span>}
      </div>
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
          placeholder={`Paste a new ${entry.label}`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `key-error-${id}` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" data-testid={`key-save-${id}`} disabled={busy || !value.trim()}>
          Save
        </button>
        {entry.configured && (
          <button type="button" className="danger" data-testid={`key-delete-${id}`} disabled={busy} onClick={() => void remove()}>
            Delete
          </button>
        )}
      </form>
      {error && (
        <p className="field-error" id={`key-error-${id}`} data-testid={`key-error-${id}`} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function KeysTab({ api }: { api: ApiClient }) {
  const [keys, setKeys] = useState<KeyEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    api
      .get<{ keys: KeyEntry[] }>('/api/keys')
      .then((body) => setKeys(body.keys))
      .catch((failure: Error) => setError(failure.message));
  }, [api]);
  useEffect(load, [load]);

  const replace = (entry: KeyEntry | null) => {
    if (entry) setKeys((current) => current?.map((known) => (known.provider === entry.provider ? entry : known)) ?? null);
  };

  return (
    <section className="keys-tab" data-testid="keys-tab">
      <p className="muted">Keys are stored encrypted by the local API. Values are never shown again after saving.</p>
      {error && <p className="field-error">Keys could not be read: {error}</p>}
      {keys === null && !error && <p className="muted">Loading…</p>}
      <ul className="key-list">{keys?.map((entry) => <KeyRow key={entry.provider} api={api} entry={entry} onSaved={replace} />)}</ul>
    </section>
  );
}
