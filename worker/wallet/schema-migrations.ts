// The wallet's migration runner: brings a wallet's SQLite storage up a numbered ladder of
// migrations before the object serves anything. The ladder itself, with every table the
// composed wallet stores, is the storage-schema document at the Worker's root
// (worker/wallet-schema.ts); this runner knows only `meta.schema_version`. Each missing
// migration runs with its version bump in one transaction, so a wallet is always at
// exactly one version; a wallet newer than the code refuses to serve.

/** One rung of the ladder: what it adds, and the statements that add it. */
export type WalletMigration = { version: number; purpose: string; statements: readonly string[] };

/** One part's statements under one rung (the kernel's or a feature's tables). */
export type WalletStorageStep = { version: number; statements: readonly string[] };

/**
 * The ladder from each rung's purpose and the parts' steps: rung n runs every part's step
 * numbered n, in the order the parts are given. A step under a rung that does not exist,
 * or a part with two steps under one rung, is a composition error, found when the Worker loads.
 */
export function composeLadder(purposes: readonly string[], parts: readonly (readonly WalletStorageStep[])[]): WalletMigration[] {
  for (const part of parts) {
    const seen = new Set<number>();
    for (const step of part) {
      if (!Number.isSafeInteger(step.version) || step.version < 1 || step.version > purposes.length) {
        throw new Error(`wallet storage: a step under rung ${step.version}, which the ladder does not have`);
      }
      if (seen.has(step.version)) throw new Error(`wallet storage: one part has two steps under rung ${step.version}`);
      seen.add(step.version);
    }
  }
  return purposes.map((purpose, index) => ({
    version: index + 1,
    purpose,
    statements: parts.flatMap((part) => part.filter((step) => step.version === index + 1).flatMap((step) => step.statements)),
  }));
}

/** A wallet's storage this code must not serve: a schema version it does not know. */
export class WalletSchemaError extends Error {
  override name = "WalletSchemaError";
}

/** The version a wallet's storage is at: 0 before its first migration. */
export function walletSchemaVersion(sql: SqlStorage): number {
  const hasMeta = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").toArray().length > 0;
  if (!hasMeta) return 0;
  const row = sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'").toArray()[0];
  if (!row) return 0;
  const version = Number(row.value);
  if (!Number.isSafeInteger(version) || version < 0) {
    throw new WalletSchemaError(`This wallet's schema version "${row.value}" is not a version number; it will not be served.`);
  }
  return version;
}

/**
 * Brings the wallet's storage up the ladder, one transaction per migration, and answers
 * the version it is at. A version newer than `migrations` knows throws WalletSchemaError
 * and changes nothing.
 */
export function migrateWalletSchema(storage: DurableObjectStorage, migrations: readonly WalletMigration[]): number {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`wallet migration ${migration.version} is out of order (expected ${index + 1})`);
  });
  const latest = migrations.length;
  const current = walletSchemaVersion(storage.sql);
  if (current > latest) {
    throw new WalletSchemaError(
      `This wallet's storage is at schema version ${current}, newer than this code knows (${latest}); it will not be served until newer code runs.`,
    );
  }
  for (const migration of migrations.slice(current)) {
    storage.transactionSync(() => {
      for (const statement of migration.statements) storage.sql.exec(statement);
      storage.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", String(migration.version));
    });
  }
  return latest;
}
