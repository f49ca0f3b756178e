// The /embed page's half of the auto-resizing embed (public/embed.js holds the host page's half):
// the page tells its parent how tall its content is whenever that changes.

/** The message the host page's script listens for. */
export const HEIGHT_MESSAGE = 'tessera:height';

/**
 * Posts the document's height to the parent window now and on every change, until the returned
 * function is called. Nothing happens outside a frame. The target origin is '*': the height is
 * not a secret, and the host page's origin is not known here (any allowed site may embed).
 */
export function reportFrameHeight(win: Window = window): () => void {
  if (win.parent === win) return () => {};
  const root = win.document.documentElement;
  let last = -1;
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    win.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(root);
  post();
  return () => observer.disconnect();
}
