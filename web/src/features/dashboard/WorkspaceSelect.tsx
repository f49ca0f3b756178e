import type { Workspace } from '../../generated/api';
import { Field } from '../../components/Field';

/** The 'Workspace' dropdown of the creation flows (a board, an app, a copied template). */
export function WorkspaceSelect({
  workspaces,
  value,
  onChange,
  hint,
  disabled = false,
  required = false,
}: {
  workspaces: readonly Workspace[];
  value: string;
  onChange: (workspaceId: string) => void;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
}) {
  return (
    <Field label="Workspace" hint={hint}>
      <select required={required} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
