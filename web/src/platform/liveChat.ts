// platform §2, §9: the live-chat widget loads only on the product's own front pages, never under
// /embed (a widget inside someone else's site would be ours, not theirs), 1 ms after the page
// loaded so it never competes with the first paint.

export const LIVE_CHAT_PATHS = ['/', '/dashboard', '/admin', '/marketplace', '/dashboard/auth', '/dashboard/signup'];
export const LIVE_CHAT_DELAY_MS = 1;
const SCRIPT_ID = 'tessera-live-chat';

export function liveChatAllowed(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/embed' || path.startsWith('/embed/')) return false;
  return LIVE_CHAT_PATHS.includes(path);
}

/** Adds the widget's script once, when on an allowed path and a script is configured. */
export function loadLiveChat(pathname: string, script: string | null): ReturnType<typeof setTimeout> | undefined {
  if (!script || !liveChatAllowed(pathname) || document.getElementById(SCRIPT_ID)) return undefined;
  const add = () => {
    if (document.getElementById(SCRIPT_ID)) return;
    const tag = document.createElement('script');
    tag.id = SCRIPT_ID;
    tag.src = script;
    tag.async = true;
    document.body.append(tag);
  };
  const later = () => setTimeout(add, LIVE_CHAT_DELAY_MS);
  if (document.readyState === 'complete') return later();
  window.addEventListener('load', later, { once: true });
  return undefined;
}
