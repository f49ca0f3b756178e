// Back on a detail page (issue 47: "the details page has no way back"). A link, so it works
// from the keyboard and without script: when the viewer came from another page of this site it
// goes back in the browser's history (the list keeps its place and the browser's own Back agrees);
// opened from elsewhere (a shared link, a new tab) it leads to `home`.

/** Whether the browser's previous entry is a page of this site the viewer came from. */
function cameFromHere(): boolean {
  // react-router numbers the entries it made; above 0 there is one of ours before this one.
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0) return true;
  try {
    const from = new URL(document.referrer);
    return window.history.length > 1 && from.origin === window.location.origin && from.href !== window.location.href;
  } catch {
    return false;
  }
}

export function BackLink({ home }: { home: string }) {
  return (
    <a
      className="item-details-back"
      href={home}
      onClick={(event) => {
        if (!cameFromHere()) return;
        event.preventDefault();
        window.history.back();
      }}
    >
      <span aria-hidden="true">←</span> Back
    </a>
  );
}
