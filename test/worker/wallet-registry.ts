// The wallets of the accounts a test file signed in. A wallet is named by its account, and
// an account by its e-mail address, so a fixed address used in two files names one wallet:
// the next file's set-up wipes these again (apply-migrations.ts), whatever it wiped before.
const key = Symbol.for("vantage.test.signedInWalletIds");
const registry = globalThis as { [key]?: Set<string> };
registry[key] ??= new Set();
const ids = registry[key];

export const signedInWalletIds = {
  add(userId: string): void {
    ids.add(userId);
  },
  /** Every id added since the last call, and forgets them. */
  takeAll(): string[] {
    const all = [...ids];
    ids.clear();
    return all;
  },
};
