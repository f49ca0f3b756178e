// The query parameters every request carries (platform §7): board, referer, _id, _email, _filters.
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

/** The spec parameters for a request made from the current page. */
export function specParams(): URLSearchParams {
  const { pathname, search } = window.location;
  return new URLSearchParams({
    board: pathname.replace(/^\//, ''),
    referer: document.referrer,
    _id: sessionRowId(),
    _email: signedInEmail,
    _filters: new URLSearchParams(search).get('filters') ?? '',
  });
}
