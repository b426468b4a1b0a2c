// Vitest global setup (main process) for the workerd project. When the pool closes a test
// file's runner, workerd logs "disconnected: WebSocket peer disconnected" for the pool's
// own control socket: benign teardown noise that @cloudflare/vitest-pool-workers filters
// itself from 0.16 on (cloudflare/workers-sdk#13833). 0.15.1 is the last release that
// runs on Node 20, so lines carrying that one exact message are dropped here; every other
// line of the runtime's output, and every failure, still reaches the terminal.
const TEARDOWN_NOISE = "disconnected: WebSocket peer disconnected";

type Write = (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;

function withoutNoise(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as Write;
  const filtered: Write = (chunk, ...rest) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (!text.includes(TEARDOWN_NOISE)) return write(chunk, ...rest);
    const kept = text
      .split("\n")
      .filter((line) => !line.includes(TEARDOWN_NOISE))
      .join("\n");
    return kept.trim() === "" ? true : write(kept, ...rest);
  };
  stream.write = filtered as typeof stream.write;
}

/** Filters for the rest of the process: workerd's last lines arrive after Vitest's teardown. */
export default function setup(): void {
  withoutNoise(process.stdout);
  withoutNoise(process.stderr);
}
