// The address a new board will probably get, shown while its name is typed. This mirrors
// slug_from_name in server/src/board_state.rs for display only: the server makes the slug (and
// adds -2, -3, ... when it is taken), and the flow goes to the slug the server answers.

/** Addresses of Tessera's own pages, which a board cannot take (RESERVED_SLUGS on the server). */
const RESERVED = new Set([
  'api',
  'admin',
  'admin_old',
  'accept-invitation',
  'boardworkspace',
  'dashboard',
  'marketplace',
  'payment_success',
  'payment_fail',
  'embed',
  'assets',
  'static',
]);

export function slugPreview(name: string): string {
  let slug = '';
  for (const c of name.toLowerCase()) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) slug += c;
    else if (slug !== '' && !slug.endsWith('-')) slug += '-';
  }
  slug = slug.slice(0, 60).replace(/-+$/, '');
  if (slug === '' || RESERVED.has(slug)) return `board-${slug}`.replace(/-+$/, '');
  return slug;
}
