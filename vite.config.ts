// Builds the SPA and the Worker together: @cloudflare/vite-plugin runs the Worker in
// workerd during `vite dev` and writes the deployable bundle on `vite build`.
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), cloudflare()],
  server: { port: 5173, strictPort: true },
});
