import { cloneElement, useId, type InputHTMLAttributes, type ReactElement } from 'react';

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
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <span id={hintId} className="form-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
