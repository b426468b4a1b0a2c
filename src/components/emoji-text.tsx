// The spec's messages carry emoji (✅ ❌ 🎁 🎉) word for word, but a system without an
// emoji font draws them as empty boxes. Each one is drawn here as a small inline SVG,
// while the text with the character itself stays beside it for screen readers.
import type { ReactNode } from "react";

const GLYPHS: Record<string, ReactNode> = {
  "✅": (
    <>
      <rect x="1" y="1" width="14" height="14" rx="3" fill="#2fbf71" />
      <path d="M4.2 8.3l2.5 2.4 5-5.4" fill="none" stroke="#fff" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  "❌": <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="#f0524f" strokeWidth="2.6" strokeLinecap="round" />,
  "🎁": (
    <>
      <rect x="2" y="7" width="12" height="8" rx="1" fill="#e5484d" />
      <rect x="1.2" y="4.6" width="13.6" height="3.2" rx="0.8" fill="#f26b6f" />
      <rect x="7" y="4.6" width="2" height="10.4" fill="#ffd166" />
      <path
        d="M8 4.6C6.8 2.2 4.2 1.8 4.3 3.4 4.4 4.6 6.6 4.6 8 4.6zM8 4.6c1.2-2.4 3.8-2.8 3.7-1.2C11.6 4.6 9.4 4.6 8 4.6z"
        fill="#ffd166"
      />
    </>
  ),
  "🎉": (
    <>
      <path d="M2 14.5l3.2-9.3 6.1 6.1z" fill="#ffb020" />
      <path d="M5.2 5.2l6.1 6.1" stroke="#e58a00" strokeWidth="1" />
      <circle cx="10.5" cy="3" r="1.1" fill="#4cc9f0" />
      <circle cx="13.4" cy="6.4" r="1" fill="#f0524f" />
      <circle cx="8" cy="1.8" r="0.8" fill="#2fbf71" />
      <path d="M11.8 9.2c1-.8 2.2-.7 2.9 0" fill="none" stroke="#b57cf6" strokeWidth="1.1" strokeLinecap="round" />
    </>
  ),
};

const EMOJI = new RegExp(`(${Object.keys(GLYPHS).join("|")})`, "u");

/**
 * A message with its emoji drawn as SVG. The full text, emoji included, stays in one
 * piece for assistive technology and search; the drawn copy beside it is hidden from them.
 */
export function EmojiText({ text }: { text: string }) {
  if (!EMOJI.test(text)) return text;
  return (
    <>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true">
        {text.split(EMOJI).map((part, i) =>
          part in GLYPHS ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed message never reorder
            <svg key={i} className="emoji" viewBox="0 0 16 16" width="1em" height="1em" focusable="false" aria-hidden="true">
              {GLYPHS[part]}
            </svg>
          ) : (
            part
          ),
        )}
      </span>
    </>
  );
}
