// platform §7: a service worker registered from the site root with scope '/'; when a new one
// takes over (a new release), the page reloads so code and server agree again.

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  // A first install also fires controllerchange (clients.claim); only a replacement reloads.
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app works the same, only without the offline shell.
    });
  });
}
