// Printed first by `npm test` and `npm run check`: which Node runs the project, and a
// refusal when it is not the one package.json pins. npm puts node_modules/.bin first on
// PATH, so the pinned `node` dev dependency runs every script; a different version here
// means a script was started by an absolute path or outside npm.
import { readFileSync } from "node:fs";

const pinned = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).devDependencies.node;
const running = process.versions.node;
if (running !== pinned) {
  console.error(`✖ Node ${running} is running, but the project pins Node ${pinned}: run this through npm (npm ci installs it).`);
  process.exit(1);
}
console.log(`Node ${running} (pinned in package.json)`);
