// One visible field of a form block: its label, description, control and error (blocks §3.8).
// The description and the error are linked to the control with aria-describedby, as every
// labelled row of the app does (components/FieldNotes).
import type { CSSProperties, RefObject } from 'react';
import { describedBy, FieldNotes } from '../../components/FieldNotes';
import { inputType } from '../data/columnTypes';
import { DEFAULT_FORM_PLACEHOLDER } from '../../generated/blockCapabilities';
import { type FieldValue, type FormField } from './fields';

/** The options of a select while its sheet loads, once loaded, or why they are missing. */
export type OptionsState = { status: 'loading' } | { status: 'ready'; options: string[] } | { status: 'failed'; message: string };

export interface FormInputProps {
  id: string;
  field: FormField;
  value: FieldValue;
  options: OptionsState;
  error?: string;
  labelStyle?: CSSProperties;
  inputStyle?: CSSProperties;
  /** The control that gets the focus when this field is at fault. */
  focusRef: RefObject<HTMLElement | null>;
  onChange: (value: FieldValue) => void;
  onFile: (file: File | null) => void;
}

export function FormInput({ id, field, value, options, error, labelStyle, inputStyle, focusRef, onChange, onFile }: FormInputProps) {
  const described = describedBy(id, field.description || undefined, error);
  // `required` for the control's own semantics (the form is `noValidate`: the block checks and
  // words the refusal itself), `aria-required` for assistive technology that reads only ARIA.
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': field.required || undefined,
    required: field.required || undefined,
    style: inputStyle,
  };
  const ref = (element: HTMLElement | null) => {
    focusRef.current = element;
  };
  const label = (
    <>
      {field.label}
      {field.required && (
        <span className="form-block-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );

  if (field.type === 'multi-select') {
    const chosen = Array.isArray(value) ? value : [];
    const choices = withCurrent(options, chosen);
    return (
      <fieldset className="form-block-field form-block-choices" aria-describedby={described} aria-invalid={error ? true : undefined}>
        <legend style={labelStyle}>{label}</legend>
        <OptionsNote id={id} options={options} />
        <div className="form-block-choice-list">
          {choices.map((option, index) => (
            <label key={option} className="form-block-choice">
              <input
                ref={index === 0 ? ref : undefined}
                type="checkbox"
                checked={chosen.includes(option)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
        <FieldNotes id={id} hint={field.description || undefined} error={error} />
      </fieldset>
    );
  }

  let control;
  const text = Array.isArray(value) ? value.join(', ') : value;
  switch (field.type) {
    case 'textarea':
    case 'markdowntext':
      control = (
        <textarea
          ref={ref}
          id={id}
          rows={field.type === 'markdowntext' ? 6 : 4}
          placeholder={field.placeholder}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        />
      );
      break;
    case 'select': {
      const choices = withCurrent(options, text ? [text] : []);
      control = (
        <select ref={ref} id={id} value={text} onChange={(event) => onChange(event.target.value)} disabled={options.status === 'loading'} {...common}>
          <option value="">{field.placeholder && field.placeholder !== DEFAULT_FORM_PLACEHOLDER ? field.placeholder : 'Choose…'}</option>
          {choices.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'file':
      control = (
        <input
          ref={ref}
          id={id}
          type="file"
          accept={field.accept === '*' ? undefined : field.accept}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          {...common}
        />
      );
      break;
    default:
      control = (
        <input
          ref={ref}
          id={id}
          type={inputType(field.type)}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          placeholder={field.placeholder}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        />
      );
  }
  return (
    <div className="form-block-field">
      <label htmlFor={id} style={labelStyle}>
        {label}
      </label>
      {control}
      {field.type === 'select' && <OptionsNote id={id} options={options} />}
      <FieldNotes id={id} hint={field.description || undefined} error={error} />
    </div>
  );
}

/** The options, plus what the field already holds (a default that is not one of them), so the control shows what will be sent. */
function withCurrent(options: OptionsState, current: string[]): string[] {
  const list = options.status === 'ready' ? options.options : [];
  return [...list, ...current.filter((item) => item && !list.includes(item))];
}

function OptionsNote({ id, options }: { id: string; options: OptionsState }) {
  if (options.status === 'loading') return <span className="form-hint">Loading options…</span>;
  if (options.status === 'failed') {
    return (
      <span id={`${id}-options`} className="field-error">
        {options.message}
      </span>
    );
  }
  return null;
}
