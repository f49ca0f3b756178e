// One editor per column type (blocks §3.4: 15 types), labelled by its column, with the server's
// error for that column under it. Values stay as typed; the server checks them (422 `field`).
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardBlock } from '../../generated/api';
import { describedBy, FieldNotes } from '../../components/FieldNotes';
import { IMAGE_TOO_LARGE, inputType, MAX_IMAGE_BYTES } from '../data/columnTypes';
import type { BlockSource } from '../data/types';
import { useColumnOptions } from './options';
import { splitChoices, type ShownColumn } from './tableModel';
import { imageUrl } from '../urls';

/** A multi-select's choices as a list; every other editor's value as text. */
export type EditorValue = string | string[];

/** blocks §3.4, §5, §9: uploaded images must be under 5 MB (the server's limit is 5 MiB). */

/** The editor's value for a cell's text. */
export function editorValue(column: ShownColumn, cell: string): EditorValue {
  return column.type === 'multi-select' ? splitChoices(cell) : cell;
}

export interface CellEditorProps {
  column: ShownColumn;
  value: EditorValue;
  onChange: (value: EditorValue) => void;
  /** Shown, not editable (an edit form's columns the caller may not change). */
  disabled?: boolean;
  /** The server's (or the upload check's) message for this column. */
  error?: string;
  /** An upload check failed or passed (undefined clears it). */
  onError?: (message: string | undefined) => void;
  /** An upload is under way: the form waits for it. */
  onBusy?: (busy: boolean) => void;
  block: BoardBlock;
  source: BlockSource;
}

const asText = (value: EditorValue) => (Array.isArray(value) ? value.join(', ') : value);

export function CellEditor(props: CellEditorProps) {
  const { column, value, disabled } = props;
  if (disabled) return <Labelled {...props} render={(attrs) => <input {...attrs} type="text" value={asText(value)} readOnly disabled />} />;
  switch (column.type) {
    case 'select':
    case 'multi-select':
      return <ChoiceEditor {...props} />;
    case 'textarea':
    case 'markdowntext':
      return (
        <Labelled
          {...props}
          hint={column.type === 'markdowntext' ? 'Markdown' : undefined}
          render={(attrs) => <textarea {...attrs} rows={4} value={asText(value)} onChange={(event) => props.onChange(event.target.value)} />}
        />
      );
    case 'image':
      return column.axis?.image_source === 'Upload Image' ? <ImageUpload {...props} /> : <ImageUrl {...props} />;
    default:
      return (
        <Labelled
          {...props}
          render={(attrs) => (
            <input
              {...attrs}
              type={inputType(column.type)}
              inputMode={column.type === 'number' ? 'decimal' : undefined}
              value={asText(value)}
              onChange={(event) => props.onChange(event.target.value)}
            />
          )}
        />
      );
  }
}

type ControlAttrs = { id: string; name: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** The column's label, its control and the notes under it. */
function Labelled({ column, error, hint, render }: CellEditorProps & { hint?: string; render: (attrs: ControlAttrs) => ReactNode }) {
  const id = useId();
  return (
    <div className="row-form-field">
      <label htmlFor={id}>{column.name}</label>
      {render({ id, name: column.name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** select and multi-select: the column's options (fixed or from a tab); free text without any. */
function ChoiceEditor(props: CellEditorProps) {
  const { column, value, error, block, source, onChange } = props;
  const id = useId();
  const load = useColumnOptions(block, source, column.axis);
  const multi = column.type === 'multi-select';
  const chosen = Array.isArray(value) ? value : value ? [value] : [];

  if (load.status === 'loading') return <Labelled {...props} hint="Loading the options…" render={(attrs) => <select {...attrs} disabled />} />;
  const failed = load.status === 'failed' ? `The options could not be loaded: ${load.message}` : undefined;
  const options = load.status === 'ready' ? load.options : [];
  if (options.length === 0) {
    // No options to choose from: the value is typed (a multi-select comma-separated).
    return (
      <Labelled
        {...props}
        hint={failed ?? (multi ? 'Separate choices with commas.' : undefined)}
        render={(attrs) => (
          <input {...attrs} type="text" value={asText(value)} onChange={(event) => onChange(multi ? splitChoices(event.target.value) : event.target.value)} />
        )}
      />
    );
  }
  // A value the options no longer offer stays choosable, so opening a row never changes it.
  const all = [...options, ...chosen.filter((choice) => !options.includes(choice))];
  if (!multi) {
    return (
      <Labelled
        {...props}
        render={(attrs) => (
          <select {...attrs} value={asText(value)} onChange={(event) => onChange(event.target.value)}>
            <option value="">—</option>
            {all.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      />
    );
  }
  const toggle = (option: string, on: boolean) => onChange(on ? all.filter((o) => o === option || chosen.includes(o)) : chosen.filter((o) => o !== option));
  return (
    <fieldset className="row-form-field row-form-choices" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, undefined, error)}>
      <legend>{column.name}</legend>
      {all.map((option) => (
        <label key={option} className="row-form-choice">
          <input type="checkbox" name={column.name} checked={chosen.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />
          {option}
        </label>
      ))}
      <FieldNotes id={id} error={error} />
    </fieldset>
  );
}

/** An image column with External URL: its address, with a preview. */
function ImageUrl(props: CellEditorProps) {
  const url = imageUrl(asText(props.value));
  return (
    <Labelled
      {...props}
      render={(attrs) => (
        <>
          <input {...attrs} type="url" placeholder="https://" value={asText(props.value)} onChange={(event) => props.onChange(event.target.value)} />
          {url && <img className="row-form-preview" src={url} alt="" loading="lazy" width={96} height={72} />}
        </>
      )}
    />
  );
}

/** An image column with Upload Image: a picture from the device, under 5 MB, stored by the server. */
function ImageUpload(props: CellEditorProps) {
  const { value, block, source, onChange, onError, onBusy } = props;
  const [uploading, setUploading] = useState(false);
  const url = imageUrl(asText(value));

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return onError?.('Choose an image file (PNG, JPEG, GIF, WebP…).');
    if (file.size > MAX_IMAGE_BYTES) return onError?.(`${IMAGE_TOO_LARGE}; this one is ${(file.size / (1024 * 1024)).toFixed(1)} MB.`);
    onError?.(undefined);
    setUploading(true);
    onBusy?.(true);
    try {
      onChange(await source.upload(block, file));
    } catch (error) {
      onError?.(toApiError(error).message);
    } finally {
      setUploading(false);
      onBusy?.(false);
    }
  };

  return (
    <Labelled
      {...props}
      hint={uploading ? 'Uploading…' : IMAGE_TOO_LARGE}
      render={(attrs) => (
        <>
          <input {...attrs} type="file" accept="image/*" disabled={uploading} onChange={(event) => void pick(event)} />
          {url && (
            <span className="row-form-upload">
              <img className="row-form-preview" src={url} alt="" loading="lazy" width={96} height={72} />
              <button type="button" className="button small ghost" onClick={() => onChange('')}>
                Remove image
              </button>
            </span>
          )}
        </>
      )}
    />
  );
}
