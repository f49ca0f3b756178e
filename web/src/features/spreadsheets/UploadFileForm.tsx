import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { ImportProgressView } from './ImportProgressView';
import { uploadSpreadsheet } from './spreadsheetApi';
import { useImportProgress } from './useImportProgress';
import { UPLOAD_ACCEPT } from './spreadsheetKind';

/** Connects a spreadsheet by uploading a file; the server's refusal (413, 422) shows inline. */
export function UploadFileForm({ workspaceId, onDone }: { workspaceId: string; onDone: () => void }) {
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const { busy, error, run } = useSubmit();
  const { upload, server, track } = useImportProgress();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    void run(async () => {
      await track((options) => uploadSpreadsheet(workspaceId, file, name, options));
      onDone();
    });
  };

  return (
    <form className="card form" aria-labelledby={headingId} onSubmit={submit}>
      <h2 id={headingId}>Upload a file</h2>
      <p className="muted form-intro">CSV, TSV, XLSX, XLS, ODS or Parquet. Every tab of a workbook becomes a tab of the spreadsheet.</p>
      {/* No `required`: Upload stays disabled until a file is picked, which says the same thing. */}
      <Field label="File">
        <input type="file" accept={UPLOAD_ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Field>
      <Field label="Name" hint="Optional: the file name without its extension when left empty.">
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      {busy && <ImportProgressView upload={upload} server={server} />}
      <FormError message={error} />
      <div className="form-actions">
        <button className="button primary" type="submit" disabled={busy || !file}>
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
