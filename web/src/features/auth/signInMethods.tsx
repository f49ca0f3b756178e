// How visitors of a board or an app sign in (platform §3 `sign_in_method`), and its picker. The
// spec names the setting without its values; these are the two ways the server signs people in
// (password, e-mailed link), and '' leaves both open. The server checks the same three values.
import type { SelectHTMLAttributes } from 'react';

/** The values with their labels, in the order the settings pickers list them. */
const SIGN_IN_METHODS: readonly [string, string][] = [
  ['', 'Password or e-mailed log-in link'],
  ['password', 'E-mail and password'],
  ['link', 'E-mailed log-in link'],
];

/** What a sign-in form offers under `method`; an unknown value offers both, like ''. */
export function signInOffers(method: string): { password: boolean; link: boolean } {
  return { password: method !== 'link', link: method !== 'password' };
}

/** The picker of the three ways; a stored value it does not know is kept as an option. */
export function SignInMethodSelect({
  value,
  onChange,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & { value: string; onChange: (method: string) => void }) {
  const known = SIGN_IN_METHODS.some(([method]) => method === value);
  return (
    <select {...select} value={value} onChange={(event) => onChange(event.target.value)}>
      {!known && <option value={value}>{value}</option>}
      {SIGN_IN_METHODS.map(([method, label]) => (
        <option key={method} value={method}>
          {label}
        </option>
      ))}
    </select>
  );
}
