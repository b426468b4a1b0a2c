// The wallet's SQLite as every part of the object uses it, with the reads of its small state
// tables remembered between transactions. A bet's transaction reads a dozen rows that change
// a few times in a player's life (their protection settings, a freeze, the residence their
// document shows, what they owe); each is a call into the storage engine that costs more
// than the lookup itself. `rows` answers such a read from memory while nothing has written
// the tables it names since it was read.
//
// It stays exact because every statement the object runs goes through `exec` here: a write
// (INSERT, REPLACE, UPDATE or DELETE) forgets what was read from its table before it runs,
// and any other statement (a schema step, several statements in one string, anything not
// recognised as a read or a one-table write) forgets everything. A transaction that rolls
// back forgets everything too (`forgetAll`, called by the object), since a read made after
// one of its writes saw rows that are no longer there. The object is the only writer of its
// storage, so nothing else can change a row behind it; a new object instance starts empty.
// The wallet's storage has no triggers: a trigger writes tables its statement does not name.

/** A write to one table: what it targets, so only reads of that table are forgotten. */
const ONE_TABLE_WRITE =
  /^\s*(?:INSERT(?:\s+OR\s+[A-Z]+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+[A-Z]+)?|DELETE\s+FROM)\s+([A-Za-z_][A-Za-z0-9_]*)[\s(]/i;
/** A read: changes nothing. */
const READ = /^\s*SELECT\s/i;

/** Reads kept at most (a handful are made; past this the wallet starts over rather than grow). */
const MAX_REMEMBERED = 64;

/** Statement texts whose effect is kept at most (the object's are a few dozen constants). */
const MAX_EFFECTS = 256;
/** `effectOf` a read. */
const READS_ONLY = "";
/** `effectOf` a statement that may change any table. */
const WRITES_ANY = "*";

/** The one table `query` writes, READS_ONLY, or WRITES_ANY when it cannot tell. */
function effectOf(query: string): string {
  const several = query.trimEnd().replace(/;$/, "").includes(";");
  if (several) return WRITES_ANY;
  if (READ.test(query)) return READS_ONLY;
  return ONE_TABLE_WRITE.exec(query)?.[1]?.toLowerCase() ?? WRITES_ANY;
}

type Remembered = { tables: readonly string[]; rows: readonly Record<string, SqlStorageValue>[] };

export class WalletSql implements SqlStorage {
  private readonly remembered = new Map<string, Remembered>();
  /** Per table, the keys of the remembered reads that name it. */
  private readonly readsOf = new Map<string, Set<string>>();
  /** What each statement text run so far may change (`effectOf`), so a bet's statements are parsed once. */
  private readonly effects = new Map<string, string>();

  constructor(private readonly storage: SqlStorage) {}

  get databaseSize(): number {
    return this.storage.databaseSize;
  }

  get Cursor(): typeof SqlStorageCursor {
    return this.storage.Cursor;
  }

  get Statement(): typeof SqlStorageStatement {
    return this.storage.Statement;
  }

  /** Runs `query` as `SqlStorage.exec` does, first forgetting what it may change. */
  exec<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: SqlStorageValue[]): SqlStorageCursor<T> {
    if (this.remembered.size > 0) this.forgetWrittenBy(query);
    return this.storage.exec<T>(query, ...bindings);
  }

  /**
   * The rows of a read of `tables` (every table the query reads, in lower case), from
   * memory when nothing wrote them since. Rows are frozen: they are shared by every caller.
   */
  rows<T extends Record<string, SqlStorageValue>>(tables: readonly string[], query: string, ...bindings: SqlStorageValue[]): readonly T[] {
    const key = bindings.length === 0 ? query : `${query}\u0000${JSON.stringify(bindings)}`;
    const known = this.remembered.get(key);
    if (known) return known.rows as readonly T[];
    if (this.remembered.size >= MAX_REMEMBERED) this.forgetAll();
    const rows = Object.freeze(
      this.storage
        .exec<T>(query, ...bindings)
        .toArray()
        .map((row) => Object.freeze(row)),
    );
    this.remembered.set(key, { tables, rows });
    for (const table of tables) {
      const keys = this.readsOf.get(table) ?? new Set<string>();
      keys.add(key);
      this.readsOf.set(table, keys);
    }
    return rows;
  }

  /** Forgets every remembered read (a rolled-back transaction, a schema step). */
  forgetAll(): void {
    this.remembered.clear();
    this.readsOf.clear();
  }

  private forgetWrittenBy(query: string): void {
    let table = this.effects.get(query);
    if (table === undefined) {
      table = effectOf(query);
      if (this.effects.size >= MAX_EFFECTS) this.effects.clear();
      this.effects.set(query, table);
    }
    if (table === READS_ONLY) return;
    if (table === WRITES_ANY) {
      this.forgetAll();
      return;
    }
    const keys = this.readsOf.get(table);
    if (!keys) return;
    this.readsOf.delete(table);
    for (const key of keys) {
      const entry = this.remembered.get(key);
      this.remembered.delete(key);
      for (const other of entry?.tables ?? []) if (other !== table) this.readsOf.get(other)?.delete(key);
    }
  }
}
