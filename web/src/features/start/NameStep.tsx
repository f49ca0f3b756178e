import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { slugPreview } from './slug';
import type { PartialBoard } from './useBoardCreation';

interface Props {
  name: string;
  onName: (name: string) => void;
  onCreate: () => void;
  busy: boolean;
  /** What the creation is doing now ('Adding block 1 of 2 (Chart)...'). */
  step: string | null;
  error: string | null;
  partial: PartialBoard | null;
  onStartOver: () => void;
  /** Why the board cannot be made yet (the template's columns are still being read), or null. */
  waiting: string | null;
}

/** The board's name, the address it will probably get, and the Create board button. */
export function NameStep({ name, onName, onCreate, busy, step, error, partial, onStartOver, waiting }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate();
  };

  return (
    <form className="form start-name" aria-label="Name the board" onSubmit={submit}>
      <Field label="Board name" hint="1 to 200 characters; it is the board's title and makes its web address.">
        <input required maxLength={200} value={name} disabled={partial !== null} onChange={(e) => onName(e.target.value)} />
      </Field>
      {name.trim() && !partial && (
        <p className="start-slug">
          Address: <code>/{slugPreview(name)}</code>
          <span className="muted"> (if another board has it already, a number is added)</span>
        </p>
      )}
      {partial && (
        <div className="start-partial" role="note">
          <p>
            The board “{partial.board.name}” already exists at <code>/{partial.board.slug}</code>, without everything the template adds. Press Finish the board
            to add the rest as planned, open it as it is, or start over with a new board.
          </p>
          <div className="form-actions start">
            <Link className="button small" to={`/${partial.board.slug}`}>
              Open it as it is
            </Link>
            <button type="button" className="button small" onClick={onStartOver} disabled={busy}>
              Start over
            </button>
          </div>
        </div>
      )}
      <FormError message={error} />
      {(step ?? waiting) && (
        <p className="muted" role="status">
          {step ?? waiting}
        </p>
      )}
      <div className="form-actions start">
        <button type="submit" className="button primary" disabled={busy || !name.trim() || waiting !== null}>
          {busy ? 'Creating...' : partial ? 'Finish the board' : 'Create board'}
        </button>
      </div>
    </form>
  );
}
