// The query parameters every request carries (platform §7): board, referer, _id, _email, _filters,
// and on a signed embed link its embed_token.
// The signed-in e-mail is pushed here by the session store, so this module needs no store import
// (the store itself calls the API, and a cycle between the two would be fragile).

let signedInEmail = '';

export function setSignedInEmail(email: string | null | undefined): void {
  signedInEmail = email ?? '';
}

function sessionRowId(): string {
  try {
    return sessionStorage.getItem('_id') ?? '';
  } catch {
    // Storage can be disabled (private mode, sandboxed iframes); the filter is then simply absent.
    return '';
  }
}

/**
 * Whether this page is a guest preview (Share's 'Open as a guest': `?as=guest`). Its every
 * request says so, and the server answers it as a guest whatever session the browser holds.
 */
export function guestPreview(): boolean {
  return new URLSearchParams(window.location.search).get('as') === 'guest';
}

/** The spec parameters for a request made from the current page. */
export function specParams(): URLSearchParams {
  const { pathname, search } = window.location;
  const params = new URLSearchParams({
    board: pathname.replace(/^\//, ''),
    referer: document.referrer,
    _id: sessionRowId(),
    _email: signedInEmail,
    _filters: new URLSearchParams(search).get('filters') ?? '',
  });
  const token = embedToken();
  if (token) params.set('embed_token', token);
  if (guestPreview()) params.set('as', 'guest');
  return params;
}

/**
 * The token of a signed embed link (/embed?board=...&token=...), which opens a private board: the
 * server checks it on every read the embed makes and applies its locked filters. null elsewhere.
 */
export function embedToken(): string | null {
  const { pathname, search } = window.location;
  return pathname.replace(/\/$/, '') === '/embed' ? new URLSearchParams(search).get('token') || null : null;
}
