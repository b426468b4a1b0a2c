// What the embedded stand-ins' local pages share (the development sign-in's account
// chooser, the simulated checkout and onboarding, the simulated identity check): a policy
// that allows inline styles and same-origin form posts only, never framed; HTML escaping;
// and one page shell, so the stand-ins look alike. Each page adds its own styles.

/** The stand-in pages' policy: inline styles only, forms post back here, never framed. */
export const STAND_IN_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const BASE_STYLE = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f172a;color:#e2e8f0;font-family:system-ui,sans-serif}
main{background:#1e293b;border-radius:12px;padding:2rem;width:calc(100% - 2rem);box-shadow:0 10px 30px #0008}
h1{font-size:1.25rem;margin:0 0 .5rem}p{color:#cbd5e1}.note{font-size:.8rem;color:#94a3b8}
label{display:block;margin:.5rem 0 .25rem;font-size:.9rem}
button{font:inherit;border:0;border-radius:8px;padding:.6rem 1.2rem;cursor:pointer}
.pay{background:#22c55e;color:#052e16;font-weight:600}.cancel{background:#334155;color:#e2e8f0}.danger{background:#f87171;color:#450a0a;font-weight:600}
.error{color:#fca5a5}`;

/** A whole stand-in page: `title`, the `body` inside the card, and the page's own `style` after the shared one. */
export function standInPage(title: string, body: string, style: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
${BASE_STYLE}
${style}
</style></head><body><main>${body}</main></body></html>`;
}
