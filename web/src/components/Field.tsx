import { cloneElement, useId, type InputHTMLAttributes, type ReactElement } from 'react';

/**
 * A labelled form input with an optional hint. The hint sits outside the label so the input's
 * accessible name is the label alone; it is linked with aria-describedby instead.
 */
export function Field({ label, hint, children }: { label: string; hint?: string; children: ReactElement<InputHTMLAttributes<HTMLInputElement>> }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-describedby': hint ? hintId : undefined })}
      {hint && (
        <span id={hintId} className="form-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
