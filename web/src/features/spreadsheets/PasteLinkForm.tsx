import { useId, useState, type FormEvent } from 'react';
import type { LinkKind } from '../../generated/api';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { ImportProgressView } from './ImportProgressView';
import { connectLink } from './spreadsheetApi';
import { useImportProgress } from './useImportProgress';
import { detectLinkKind, KIND_LABELS } from './spreadsheetKind';

type KindChoice = 'auto' | LinkKind;

/** Connects a Google spreadsheet or a published CSV link; the kind follows the address unless overridden. */
export function PasteLinkForm({ workspaceId, onDone }: { workspaceId: string; onDone: () => void }) {
  const headingId = useId();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [choice, setChoice] = useState<KindChoice>('auto');
  const { busy, error, run } = useSubmit();
  const { upload, server, track } = useImportProgress();
  const detected = detectLinkKind(url);
  const kind = choice === 'auto' ? detected : choice;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await track((options) => connectLink(workspaceId, kind, url, name, options));
      onDone();
    });
  };

  return (
    <form className="card form" aria-labelledby={headingId} onSubmit={submit}>
      <h2 id={headingId}>Paste a link</h2>
      <p className="muted form-intro">
        A Google Sheets address, or a CSV link such as a sheet published to the web as CSV. Its rows are read now and on every refresh. The first time you
        connect a Google spreadsheet, you may be asked to add a short code to its title, to show you can edit it.
      </p>
      <Field label="Link">
        <input type="url" required placeholder="https://docs.google.com/spreadsheets/d/…/edit" value={url} onChange={(e) => setUrl(e.target.value)} />
      </Field>
      <Field
        label="Kind"
        hint="…/edit addresses of docs.google.com are read through Google Sheets; every other address, …/pub?output=csv included, as a CSV file."
      >
        <select value={choice} onChange={(e) => setChoice(e.target.value as KindChoice)}>
          <option value="auto">Automatic: {KIND_LABELS[detected]}</option>
          <option value="google_sheets">{KIND_LABELS.google_sheets}</option>
          <option value="csv_url">{KIND_LABELS.csv_url}</option>
        </select>
      </Field>
      <Field label="Name" hint="Optional: the Google spreadsheet's title or the CSV file's name when left empty.">
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      {busy && <ImportProgressView upload={upload} server={server} />}
      <FormError message={error} />
      <div className="form-actions">
        <button className="button primary" type="submit" disabled={busy || !url.trim()}>
          {busy ? 'Connecting...' : 'Connect'}
        </button>
      </div>
    </form>
  );
}
