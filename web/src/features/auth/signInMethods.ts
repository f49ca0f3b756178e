// How visitors of a board or an app sign in (platform §3 `sign_in_method`). The spec names the
// setting without its values; these are the two ways the server signs people in (password,
// e-mailed link), and '' leaves both open. The server checks the same three values.

/** The values with their labels, in the order the settings pickers list them. */
export const SIGN_IN_METHODS: readonly [string, string][] = [
  ['', 'Password or e-mailed log-in link'],
  ['password', 'E-mail and password'],
  ['link', 'E-mailed log-in link'],
];

/** What a sign-in form offers under `method`; an unknown value offers both, like ''. */
export function signInOffers(method: string): { password: boolean; link: boolean } {
  return { password: method !== 'link', link: method !== 'password' };
}
