import { Field } from '../../components/Field';

/** The sub-domain of a new workspace or app (platform §3: 3 to 63 characters). */
export function SubdomainField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field label="Sub-domain" hint="3 to 63 lowercase letters, digits or hyphens.">
      <input required minLength={3} maxLength={63} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
