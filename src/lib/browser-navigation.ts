// Full-page navigations the SPA makes (leaving for the sign-in flow, reloading after
// an error), in one module so components stay testable: tests replace this module
// instead of fighting the browser's read-only `location`.
export function redirectTo(url: string): void {
  window.location.replace(url);
}

export function reloadPage(): void {
  window.location.reload();
}
