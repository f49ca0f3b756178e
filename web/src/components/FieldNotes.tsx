/**
 * The hint and the error under a form control, and the `aria-describedby` that links them to it:
 * every labelled row of a form (Field, ColourField, the settings rows, switches) shows them alike.
 */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="form-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </>
  );
}
