import { cloneElement, useId, type InputHTMLAttributes, type ReactElement } from 'react';
import { describedBy, FieldNotes } from './FieldNotes';

/**
 * A labelled form input with an optional hint and error. The hint sits outside the label so the
 * input's accessible name is the label alone; hint and error (a server answer naming this field)
 * are linked with aria-describedby instead, and an error marks the input invalid.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: ReactElement<InputHTMLAttributes<HTMLElement>>;
}) {
  const id = useId();
  const described = describedBy(id, hint, error);
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
