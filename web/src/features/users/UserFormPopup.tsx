import { useId, useRef, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { Popup } from '../../components/Popup';
import { ListboxSelect } from './ListboxSelect';
import { PERMISSION_OPTIONS, type UserForm, type UserFormField, type UserFormValues } from './usersDialogState';

export interface UserFormPopupProps {
  form: UserForm;
  submitting: boolean;
  onChange: (values: Partial<UserFormValues>) => void;
  onCancel: () => void;
  /** Resolves to the field a failed check is about, so it takes the focus (platform §5). */
  onSubmit: (form: UserForm) => Promise<UserFormField | null>;
}

/** platform §2: the 'Add User' / 'Edit User' popup of the users dialog, at most 450 px wide. */
export function UserFormPopup({ form, submitting, onChange, onCancel, onSubmit }: UserFormPopupProps) {
  const formId = useId();
  const name = useRef<HTMLInputElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const adding = form.userId === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const field = await onSubmit(form);
    if (field) (field === 'name' ? name : email).current?.focus();
  };

  return (
    <Popup
      title={adding ? 'Add User' : 'Edit User'}
      onClose={onCancel}
      maxWidth={450}
      closeBlocked={submitting}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button primary" disabled={submitting}>
            {submitting ? 'Submitting...' : adding ? 'Add' : 'Update'}
          </button>
        </>
      }
    >
      {/* The spec's alerts replace the browser's own checks (platform §5), hence noValidate. */}
      <form id={formId} className="form user-form" noValidate onSubmit={submit}>
        <Field label="Name">
          <input ref={name} type="text" autoComplete="off" value={form.name} readOnly={submitting} onChange={(e) => onChange({ name: e.target.value })} />
        </Field>
        <Field label="Email">
          <input ref={email} type="email" autoComplete="off" value={form.email} readOnly={submitting} onChange={(e) => onChange({ email: e.target.value })} />
        </Field>
        <ListboxSelect
          label="Permission"
          value={form.permission}
          options={PERMISSION_OPTIONS}
          disabled={submitting}
          onChange={(permission) => onChange({ permission })}
        />
      </form>
    </Popup>
  );
}
