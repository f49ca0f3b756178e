/** The viewer's address for an app; `?app=` names it on any host (server apps.rs AppLocator). */
export function appViewerPath(subdomain: string): string {
  return `/?${new URLSearchParams({ app: subdomain })}`;
}

/** The sign-up address that comes back to `path` once the account exists, its e-mail prefilled with `email` if given. */
export function signupPathFor(path: string, email?: string): string {
  return `/dashboard/signup?${new URLSearchParams({ ...(email ? { email } : {}), next: path })}`;
}
