import { useId, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { Popup } from '../../components/Popup';

interface Props {
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** An admin edit form in a popup: Cancel and Save below it, nothing closes it while it saves. */
export function FormPopup({ title, busy, onClose, onSubmit, children }: Props) {
  const formId = useId();
  return (
    <Popup
      title={title}
      maxWidth={450}
      onClose={onClose}
      closeBlocked={busy}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} className="form admin-form" onSubmit={onSubmit}>
        {children}
      </form>
    </Popup>
  );
}

/** A row's Delete button: asks `question` first, then runs `onConfirmed`. */
export function DeleteButton({
  name,
  question,
  busy,
  disabledReason,
  onConfirmed,
}: {
  /** What the row is called, for the button's accessible name ('Delete Q1 overview'). */
  name: string;
  question: string;
  busy: boolean;
  /** Why the row cannot be deleted at all, when it cannot. */
  disabledReason?: string;
  onConfirmed: () => void;
}) {
  const { confirm, confirmDialog } = useConfirm();
  const ask = async () => {
    if (await confirm({ title: `Delete ${name}`, question, confirmLabel: 'Delete' })) onConfirmed();
  };
  return (
    <>
      <button
        type="button"
        className="button small danger"
        aria-label={`Delete ${name}`}
        disabled={busy || disabledReason !== undefined}
        title={disabledReason}
        onClick={() => void ask()}
      >
        Delete
      </button>
      {confirmDialog}
    </>
  );
}

/**
 * A listed board's or app's actions, the same in the owner's and the platform's tables: Open (its
 * editor or address), any others given as children, then Delete, asked first.
 */
export function RowActions({
  name,
  openTo,
  deleteQuestion,
  busy,
  onDelete,
  children,
}: {
  name: string;
  openTo: string;
  deleteQuestion: string;
  busy: boolean;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <td className="admin-actions">
      <Link className="button small" to={openTo} aria-label={`Open ${name}`}>
        Open
      </Link>
      {children}
      <DeleteButton name={name} question={deleteQuestion} busy={busy} onConfirmed={onDelete} />
    </td>
  );
}
