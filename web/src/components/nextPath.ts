/** The `next` page to go to after logging in; only paths on this site, else the dashboard. */
export function nextPath(search: URLSearchParams): string {
  const next = search.get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard';
}
