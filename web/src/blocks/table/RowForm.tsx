// The add-row and edit-row forms of a table or list (blocks §3.4): an editor per column type,
// the block's submit_button_title on the submit. An edit form lets the caller change only the
// columns the server named editable for them, and sends only the cells they changed. A refused
// value (422 `{error, field}`) shows at its field and everything typed stays.
import { useState, type FormEvent } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardBlock } from '../../generated/api';
import { FormError } from '../../components/FormError';
import { Popup } from '../../components/Popup';
import type { BlockSource, RowValues } from '../data/types';
import { CellEditor, editorValue, type EditorValue } from './CellEditor';
import type { ShownColumn } from './tableModel';

export interface RowFormProps {
  title: string;
  block: BoardBlock;
  source: BlockSource;
  columns: ShownColumn[];
  /** The row being edited; empty for a new row. */
  record?: Record<string, string>;
  /** Columns the caller may change; every column when absent (a new row). */
  editable?: string[];
  submitTitle: string;
  /** Saves the values (a new row: every column; an edit: the changed cells). Throws ApiError. */
  onSubmit: (values: RowValues) => Promise<void>;
  onClose: () => void;
  /** Shown instead of the server's text when a save fails for a reason that names no field. */
  errorMessage?: string;
}

const same = (a: EditorValue | undefined, b: EditorValue | undefined) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

export function RowForm({ title, block, source, columns, record = {}, editable, submitTitle, onSubmit, onClose, errorMessage }: RowFormProps) {
  const [initial] = useState(() => Object.fromEntries(columns.map((column) => [column.name, editorValue(column, record[column.name] ?? '')])));
  const [values, setValues] = useState<Record<string, EditorValue>>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const [saving, setSaving] = useState(false);
  const canEdit = (column: string) => !editable || editable.includes(column);
  const isEdit = editable !== undefined;

  const setError = (column: string, message: string | undefined) => setErrors((all) => ({ ...all, [column]: message }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent: RowValues = {};
    for (const column of columns) {
      if (!canEdit(column.name)) continue;
      const value = values[column.name];
      if (isEdit && same(value, initial[column.name])) continue;
      sent[column.name] = value ?? '';
    }
    if (isEdit && Object.keys(sent).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      await onSubmit(sent);
    } catch (error) {
      const failure = toApiError(error);
      if (failure.field && columns.some((column) => column.name === failure.field)) setError(failure.field, failure.message);
      else setFormError(errorMessage && errorMessage !== failure.message ? `${errorMessage} ${failure.message}` : failure.message);
      setSaving(false);
    }
  };

  return (
    <Popup title={title} onClose={onClose} maxWidth={560} closeBlocked={saving}>
      <form className="row-form" onSubmit={(event) => void submit(event)} noValidate>
        {columns.map((column) => (
          <CellEditor
            key={column.name}
            column={column}
            value={values[column.name] ?? ''}
            disabled={!canEdit(column.name)}
            error={errors[column.name]}
            onChange={(value) => {
              setValues((all) => ({ ...all, [column.name]: value }));
              if (errors[column.name]) setError(column.name, undefined);
            }}
            onError={(message) => setError(column.name, message)}
            onBusy={(busy) => setUploads((count) => count + (busy ? 1 : -1))}
            block={block}
            source={source}
          />
        ))}
        <FormError message={formError} />
        <div className="row-form-actions">
          <button type="button" className="button" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={saving || uploads > 0}>
            {saving ? 'Saving…' : submitTitle}
          </button>
        </div>
      </form>
    </Popup>
  );
}
