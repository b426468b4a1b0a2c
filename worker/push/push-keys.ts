// The VAPID key pair (RFC 8292) the Worker signs pushes with. Real: the VAPID_PUBLIC_KEY
// and VAPID_PRIVATE_KEY secrets. Embedded (development without them): a fixed,
// published pair that only the embedded push service accepts. Otherwise: none, and push
// is unavailable (GET /api/push/config says so; nothing is sent).
import type { VapidKeys } from "@block65/webcrypto-web-push";
import { pushMode, publicOrigin } from "../config";

/** Development only, not a secret: a push service other than the embedded one would need the real pair. */
const DEV_VAPID_PUBLIC_KEY = "BJC-w_MQUYTmZfvXuUf_0r4zz5Uv9XJPBiAMXex4bGwoNhvZEr-5vUWINcCgokgyhGJLWoU-hr2y6q3QhaZRBWo";
const DEV_VAPID_PRIVATE_KEY = "R4LS4ZCld0qjtqfT2gZe8un26CwXj69-5Jb-_ZiLQcI";

export function vapidKeys(env: Env, requestUrl: string): VapidKeys | null {
  // The subject a push service contacts about this sender: the deployment's https origin.
  const subject = publicOrigin(env, requestUrl).replace(/^http:/, "https:");
  switch (pushMode(env)) {
    case "real":
      return { subject, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
    case "embedded":
      return { subject, publicKey: DEV_VAPID_PUBLIC_KEY, privateKey: DEV_VAPID_PRIVATE_KEY };
    default:
      return null;
  }
}
