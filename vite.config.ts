// Builds the SPA and the Worker together: @cloudflare/vite-plugin runs the Worker in
// workerd during `vite dev` and writes the deployable bundle on `vite build`. The
// product title in index.html comes from src/lib/brand.ts, the one place it is named.
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { PRODUCT_TITLE } from "./src/lib/brand.ts";

function productTitle(): Plugin {
  return {
    name: "vantage-product-title",
    transformIndexHtml: (html) => html.replaceAll("%PRODUCT_TITLE%", PRODUCT_TITLE),
  };
}

export default defineConfig({
  plugins: [react(), cloudflare(), productTitle()],
  server: { port: 5173, strictPort: true },
  // The Worker's bundle carries source maps, which `upload_source_maps` (wrangler.toml)
  // sends with it so Workers Logs name lines in worker/*.ts; the SPA's stay off.
  environments: { vantage: { build: { sourcemap: true } } },
});
