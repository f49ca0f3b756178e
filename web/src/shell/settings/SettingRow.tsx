import { useId, type ReactNode } from 'react';
import { describedBy, FieldNotes } from '../../components/FieldNotes';

/** What a control needs to be named and described by its row. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

/**
 * One setting: its label (marked when required to save), the control, the catalogue's help,
 * a warning about what is saved (a page that no longer exists: it does not stop a save) and the
 * validator's or the server's error. Like components/Field, the notes sit outside the label and
 * are linked with aria-describedby, so the control's name is the label.
 */
export function SettingRow({
  label,
  required,
  help,
  warning,
  error,
  inline = false,
  children,
}: {
  label: string;
  required: boolean;
  help?: string;
  warning?: string;
  error?: string;
  /** A switch sits on the label's line. */
  inline?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [describedBy(id, help, error), warning && `${id}-warning`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={inline ? 'setting setting-inline' : 'setting'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="setting-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        'aria-describedby': described,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      <FieldNotes id={id} hint={help} error={error} />
      {warning && (
        <span id={`${id}-warning`} className="setting-warning">
          {warning}
        </span>
      )}
    </div>
  );
}
