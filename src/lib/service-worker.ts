// Registers the service worker (public/sw.js) once the page has loaded, so it never
// competes with the first render. It caches the shell for fast starts and shows the
// offline page; it never touches /api/*. Browsers without service workers (and the
// DOM tests) simply skip it.
export function registerServiceWorker(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // No worker (a private window, an old browser): the app works as a plain page.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
