// Module types the Worker's bundler gives binary imports (Cloudflare's module rules):
// a .wasm file is a compiled WebAssembly.Module, a .bin file its bytes.
declare module "*.wasm" {
  const compiled: WebAssembly.Module;
  export default compiled;
}
declare module "*.bin" {
  const bytes: ArrayBuffer;
  export default bytes;
}
