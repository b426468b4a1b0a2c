// What `npm run deploy` checks before `wrangler deploy` (security review finding 8): the
// bundle about to go out must be a production build under production's own Worker name.
// A development build (APP_ENV=development: the embedded sign-in that lets anyone be
// anyone) or a bundle named like the development Worker is refused, so `npm run build`
// followed by a stray `wrangler deploy` can never replace production.

/** `name = "…"` of the top level (before any [section]) and of `[env.<env>]` in wrangler.toml. */
export function workerNames(tomlText, env = "production") {
  let section = "";
  const names = {};
  for (const raw of tomlText.split("\n")) {
    const line = raw.trim();
    const header = /^\[{1,2}([^\]]+)\]{1,2}$/.exec(line);
    if (header) {
      section = header[1].trim();
      continue;
    }
    const name = /^name\s*=\s*"([^"]*)"/.exec(line);
    if (name && section === "" && names.development === undefined) names.development = name[1];
    if (name && section === `env.${env}` && names.production === undefined) names.production = name[1];
  }
  return names;
}

/** Why the built Worker config must not be deployed, or null when it may. */
export function deployRefusal(built, names) {
  const appEnv = built?.vars?.APP_ENV;
  if (appEnv !== "production")
    return `the bundle is not a production build (APP_ENV=${JSON.stringify(appEnv)}); build with CLOUDFLARE_ENV=production`;
  if (!names.production || names.production === names.development) {
    return "wrangler.toml must give [env.production] its own Worker name, different from the development one";
  }
  if (built.name !== names.production)
    return `the bundle's Worker name ${JSON.stringify(built.name)} is not production's ${JSON.stringify(names.production)}`;
  return null;
}
