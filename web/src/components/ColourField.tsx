import { useId } from 'react';
import { describedBy, FieldNotes } from './FieldNotes';
import './colourField.css';

/**
 * The value a colour picker can hold (#rrggbb). The server also allows #RGB and #RRGGBBAA, which
 * the picker would otherwise turn into black; anything else shows as black in the picker while
 * the hex text keeps what was typed.
 */
export function pickerValue(colour: string): string {
  const hex = colour.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`;
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) return hex.slice(0, 7);
  return '#000000';
}

/**
 * A labelled colour: the browser's colour picker and the hex text beside it, both editing one
 * value. The label names the picker, the text is '{label} (hex)'; an error (a server answer naming
 * this setting) describes both and marks them invalid, as in Field.
 */
export function ColourField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  const described = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, undefined, error) } as const;
  return (
    <div className="form-field colour-field">
      <label htmlFor={id}>{label}</label>
      <span className="colour-field-inputs">
        <input id={id} type="color" value={pickerValue(value)} onChange={(event) => onChange(event.target.value)} {...described} />
        <input
          type="text"
          aria-label={`${label} (hex)`}
          value={value}
          placeholder="#161819"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          {...described}
        />
      </span>
      <FieldNotes id={id} error={error} />
    </div>
  );
}
