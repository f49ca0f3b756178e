// The form block (blocks §3.8): one field per axis entry, a submit that appends a row through
// POST /api/blocks/{id}/rows, file fields uploaded first through POST /api/blocks/{id}/uploads.
//
// Defaults with tokens: the server fills only *hidden* fields whose default is exactly
// `[(today)]` or `[(user_email)]` (server/src/audience.rs `fill_hidden_defaults`); the browser
// sends nothing for those. A visible field shows its default resolved, so what the viewer sees
// is what is stored: `[(today)]` as the viewer's date and `[(user_email)]` as the signed-in
// address (fields.ts `resolveDefault`, the same rule as tessera-core `form::resolve_default`),
// without loading the WASM core for it.
//
// Invalid input is shown at its field and nothing is sent; a 422 naming a field is shown there,
// any other refusal above the submit button; what was typed stays until a submit succeeds. An
// answer with nothing filled in is refused as a whole, above the button (fields.ts
// `validateSubmission`, the core's rule the server applies again). A required field shows a
// visible `*` and `aria-required`.
//
// A successful submit tells `rowWritesStore`, so the submitter's other blocks (scorecards,
// charts, tables) read their data again at once.
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type FormEvent, type RefObject } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardBlock } from '../../generated/api';
import { textOn } from '../../core/colours';
import { useRowWritesStore } from '../../store/rowWritesStore';
import { useSessionStore } from '../../store/sessionStore';
import type { BlockSource, DataBlockProps, RowValues } from '../data/types';
import {
  cellText,
  distinctValues,
  fieldError,
  filledByServer,
  formFields,
  initialValue,
  resolveDefault,
  validateSubmission,
  type FieldValue,
  type FormField,
} from './fields';
import { FormInput, type OptionsState } from './FormInput';
import './form.css';
import { buttonStyle } from '../frameStyle';

/** The rows of each options sheet, or why it could not be read. */
type SheetOptions = Record<string, { rows: Record<string, string>[] } | { error: string }>;
const ALIGNMENTS = new Set(['left', 'center', 'right']);

const setting = (block: BoardBlock, key: string): string => {
  const value = block[key];
  return typeof value === 'string' ? value.trim() : '';
};

export function FormBlock({ block, source }: DataBlockProps<'form'>) {
  const fields = useMemo(() => formFields(block), [block]);
  const visible = useMemo(() => fields.filter((field) => !field.hidden), [fields]);
  const email = useSessionStore((state) => state.user?.email ?? '');
  const wroteRows = useRowWritesStore((state) => state.wrote);
  const idPrefix = useId();
  const options = useSheetOptions(block, source, visible);

  const startValues = () => Object.fromEntries(visible.map((field) => [field.column, initialValue(field, email, new Date())]));
  const [values, setValues] = useState<Record<string, FieldValue>>(startValues);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [fileInputs, setFileInputs] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [success, setSuccess] = useState('');
  const [sending, setSending] = useState(false);
  const focusRefs = useRef(new Map<string, RefObject<HTMLElement | null>>());
  // A file uploaded by a submit that then failed is not uploaded again on the next try.
  const uploaded = useRef(new WeakMap<File, string>());

  // The session (and so `[(user_email)]`) may arrive after the first paint, and the block's
  // settings may change in the editor: fields the viewer has not touched follow their default.
  useEffect(() => {
    setValues((previous) => {
      const next: Record<string, FieldValue> = {};
      for (const field of visible) {
        next[field.column] = touched.has(field.column) && field.column in previous ? previous[field.column] : initialValue(field, email, new Date());
      }
      return next;
    });
    // `touched` is read, not followed: typing in one field must not reset the others.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen on purpose, see above
  }, [visible, email]);

  const focusRef = (column: string) => {
    let ref = focusRefs.current.get(column);
    if (!ref) {
      ref = { current: null };
      focusRefs.current.set(column, ref);
    }
    return ref;
  };
  const focusField = (column: string) => focusRefs.current.get(column)?.current?.focus();

  const edit = (column: string, value: FieldValue) => {
    setValues((previous) => ({ ...previous, [column]: value }));
    setTouched((previous) => new Set(previous).add(column));
    setErrors(({ [column]: _gone, ...rest }) => rest);
    setSuccess('');
  };
  const chooseFile = (field: FormField, file: File | null) => {
    setFiles((previous) => ({ ...previous, [field.column]: file }));
    setSuccess('');
    // A file the server would refuse for its size is refused at once, before any submit.
    const problem = file ? fieldError(field, '', file) : null;
    setErrors(({ [field.column]: _gone, ...rest }) => (problem ? { ...rest, [field.column]: problem } : rest));
  };

  const reset = () => {
    setTouched(new Set());
    setValues(startValues());
    setFiles({});
    setFileInputs((n) => n + 1);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setFormError('');
    setSuccess('');
    // The whole answer first: with nothing filled in, the form is at fault, not one field. A
    // hidden field counts with the value it will get; a chosen file with its name.
    const now = new Date();
    const answer = validateSubmission(
      fields.map((field) => ({
        label: field.label,
        value: field.hidden
          ? resolveDefault(field.defaultText, email, now)
          : field.type === 'file'
            ? (files[field.column]?.name ?? '')
            : cellText(values[field.column] ?? ''),
        required: field.required,
        hidden: field.hidden,
      })),
    );
    if (!answer.valid && answer.field === null) {
      setErrors({});
      setFormError(answer.message ?? '');
      if (visible[0]) focusField(visible[0].column);
      return;
    }
    const found: Record<string, string> = {};
    for (const field of visible) {
      const problem = fieldError(field, values[field.column] ?? '', files[field.column] ?? null);
      if (problem) found[field.column] = problem;
    }
    setErrors(found);
    const firstBad = visible.find((field) => found[field.column]);
    if (firstBad) {
      focusField(firstBad.column);
      return;
    }

    setSending(true);
    try {
      const row: RowValues = {};
      for (const field of fields) {
        if (field.hidden) {
          // Token-only defaults are the server's to fill; other defaults are sent as they resolve.
          if (!filledByServer(field) && field.defaultText) row[field.column] = resolveDefault(field.defaultText, email, now);
          continue;
        }
        if (field.type !== 'file') {
          row[field.column] = values[field.column] ?? '';
          continue;
        }
        const file = files[field.column];
        if (!file) {
          row[field.column] = '';
          continue;
        }
        try {
          const url = uploaded.current.get(file) ?? (await source.upload(block, file, field.column));
          uploaded.current.set(file, url);
          row[field.column] = url;
        } catch (error) {
          setErrors({ [field.column]: toApiError(error).message || 'The file could not be uploaded.' });
          focusField(field.column);
          return;
        }
      }
      const added = await source.appendRow(block, row);
      reset();
      setSuccess(added?.message?.trim() || block.submit_success);
      wroteRows();
    } catch (error) {
      const refused = toApiError(error);
      const at = refused.status === 422 && refused.field ? visible.find((field) => field.column === refused.field) : undefined;
      if (at) {
        setErrors({ [at.column]: refused.message });
        focusField(at.column);
      } else {
        setFormError(refused.message || 'The form could not be sent.');
      }
    } finally {
      setSending(false);
    }
  };

  const title = setting(block, 'titleForm');
  const alignment = setting(block, 'title_alignment');
  const titleStyle: CSSProperties = {
    textAlign: ALIGNMENTS.has(alignment) ? (alignment as CSSProperties['textAlign']) : undefined,
    fontSize: `${block.title_font_size}px`,
    fontWeight: block.title_bold ? 700 : 400,
  };
  const labelsColour = setting(block, 'labels_color');
  const labelStyle: CSSProperties | undefined = labelsColour ? { color: labelsColour } : undefined;
  const inputColour = setting(block, 'input_color');
  // The input colour is the fields' background; their text takes a colour readable on it.
  const inputStyle: CSSProperties | undefined = inputColour ? { backgroundColor: inputColour, color: textOn(inputColour) } : undefined;
  const submitStyle = buttonStyle(setting(block, 'submit_button_color'), setting(block, 'submit_button_text_color'));
  const titleId = `${idPrefix}-title`;

  return (
    <form className="form-block" noValidate onSubmit={submit} aria-labelledby={title ? titleId : undefined} aria-busy={sending || undefined}>
      {title && (
        <h3 id={titleId} className="form-block-title" style={titleStyle}>
          {title}
        </h3>
      )}
      {visible.length === 0 && <p className="muted">This form has no fields yet.</p>}
      {visible.some((field) => field.required) && <p className="form-hint form-block-required-note">Fields marked * are required.</p>}
      {visible.map((field, index) => (
        <FormInput
          key={field.type === 'file' ? `${field.column}-${fileInputs}` : field.column}
          id={`${idPrefix}-${index}`}
          field={field}
          value={values[field.column] ?? (field.type === 'multi-select' ? [] : '')}
          options={options[field.column] ?? { status: 'ready', options: field.options ?? [] }}
          error={errors[field.column]}
          labelStyle={labelStyle}
          inputStyle={inputStyle}
          focusRef={focusRef(field.column)}
          onChange={(value) => edit(field.column, value)}
          onFile={(file) => chooseFile(field, file)}
        />
      ))}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {success && (
        <p className="form-notice" role="status">
          {success}
        </p>
      )}
      <div className="form-block-actions">
        <button type="submit" className="button form-block-submit" style={submitStyle} disabled={sending}>
          {block.submit_text}
        </button>
      </div>
    </form>
  );
}

/**
 * The options of selects drawn from a sheet (`from_google_sheet` + `source`): the distinct
 * values of the source column, each source sheet read once. This is the options list only: the
 * rows are not shown and no data rule is applied to them beyond dropping repeats and blanks.
 * The read goes through the block (`block=` its id), so the server checks the viewer may see it;
 * like every block read it carries the viewer's search and filters, and a guest gets at most the
 * server's guest cap of rows.
 */
function useSheetOptions(block: BoardBlock, source: BlockSource, fields: FormField[]): Record<string, OptionsState> {
  const wanted = fields.filter((field) => field.source && (field.type === 'select' || field.type === 'multi-select'));
  const sheets = [...new Set(wanted.map((field) => field.source!.sheet).filter(Boolean))];
  const key = JSON.stringify([source.key, block.id, sheets]);
  const [load, setLoad] = useState<{ key: string; sheets: SheetOptions } | null>(null);
  useEffect(() => {
    // A form without such selects reads nothing.
    if (sheets.length === 0) return;
    const abort = new AbortController();
    Promise.allSettled(sheets.map((sheet) => source.rows({ ...block, sheet_title: sheet }, { rowsPerPage: 0, choices: true }, abort.signal))).then(
      (settled) => {
        if (abort.signal.aborted) return;
        const answers: SheetOptions = Object.fromEntries(
          settled.map((result, i) => [sheets[i], result.status === 'fulfilled' ? { rows: result.value.rows } : { error: toApiError(result.reason).message }]),
        );
        setLoad({ key, sheets: answers });
      },
    );
    return () => abort.abort();
    // `key` names everything the reads depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen on purpose, see above
  }, [key]);
  const out: Record<string, OptionsState> = {};
  for (const field of wanted) {
    const { sheet, column } = field.source!;
    if (!sheet || !column) {
      out[field.column] = { status: 'failed', message: 'Choose the sheet and column the options come from.' };
    } else if (load?.key !== key) {
      out[field.column] = { status: 'loading' };
    } else {
      const answer = load.sheets[sheet];
      out[field.column] =
        !answer || 'error' in answer
          ? { status: 'failed', message: `The options could not be loaded${answer ? `: ${answer.error}` : '.'}` }
          : { status: 'ready', options: distinctValues(answer.rows, column) };
    }
  }
  return out;
}
