// A sign-in as POST /api/auth/session and /api/auth/refresh answer it: the access token
// (kept in the SPA's memory only), when it expires (epoch ms) and the player's document.
import { z } from "zod";
import { UserDocumentSchema } from "./user";

export const SessionResponseSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.number().int(),
  user: UserDocumentSchema,
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
