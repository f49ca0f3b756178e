/** The `next` page to go to after logging in; only paths on this site, else the dashboard. */
export function nextPath(search: URLSearchParams): string {
  const next = search.get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard';
}

/** `params` plus the `next` of `search` when it has one, to carry the return path through a flow. */
export function withNext(params: Record<string, string>, search: URLSearchParams): URLSearchParams {
  const carried = new URLSearchParams(params);
  const next = search.get('next');
  if (next) carried.set('next', next);
  return carried;
}
