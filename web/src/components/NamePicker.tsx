/** What a field row hands its control: the id its label points at, and the hint and error links. */
interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

/**
 * A select over the known names of tabs or columns; while they are unknown (not loaded, or the
 * board has no spreadsheet) a text input takes the name instead. A stored name that is not among
 * them stays selectable, so opening an editor never changes a setting. Filters and block
 * settings pick tabs and columns with it.
 */
export function NamePicker({
  value,
  names,
  placeholder,
  onChange,
  ...rest
}: {
  value: string;
  names: readonly string[] | undefined;
  placeholder: string;
  onChange: (value: string) => void;
} & ControlProps) {
  if (!names || names.length === 0) {
    return <input type="text" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} {...rest} />;
  }
  const known = value === '' || names.includes(value);
  return (
    <select value={value} onChange={(event) => onChange(event.target.value)} {...rest}>
      <option value="">{placeholder}</option>
      {!known && <option value={value}>{value}</option>}
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}
