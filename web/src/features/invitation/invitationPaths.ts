/** The viewer's address for an app; `?app=` names it on any host (server apps.rs AppLocator). */
export function appViewerPath(subdomain: string): string {
  return `/?${new URLSearchParams({ app: subdomain })}`;
}

/** The sign-up address that comes back to `path` once the account exists. */
export function signupPathFor(path: string): string {
  return `/dashboard/signup?${new URLSearchParams({ next: path })}`;
}
