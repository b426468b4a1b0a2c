// Two operators for four-eyes tests (both in ADMIN_EMAILS, wrangler.toml [vars]): one asks,
// the other approves; and the one shape their refusals come in.
import { signIn, type SignedIn } from "./helpers";

export const ADMIN_EMAIL = "admin@vantage.test";
export const SECOND_OPERATOR = "ops@vantage.test";

export async function signInOperators(): Promise<{ admin: SignedIn; ops: SignedIn }> {
  return { admin: await signIn(ADMIN_EMAIL, "Operator"), ops: await signIn(SECOND_OPERATOR, "Ops") };
}

/** A refusal's status, code and sentence. */
export const errorOf = async (res: Response) =>
  ({ status: res.status, ...((await res.json()) as { error: { code: string; message: string } }).error }) as {
    status: number;
    code: string;
    message: string;
  };

/** An approval request as the admin routes answer it. */
export type ApprovalRequest = {
  id: string;
  kind: string;
  status: string;
  subject: string;
  subjectLabel: string;
  payload: unknown;
  outcome: Record<string, unknown> | null;
};
/** GET /api/admin/audit's entries. */
export type AuditEntries = { entries: { actor: string; action: string; reason: string }[] };
/** A refusal that carries the request it refused. */
export type Refused = { error: { code: string; message: string; details: { request: ApprovalRequest } } };
