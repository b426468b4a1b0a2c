// Link-preview tags for a page the Worker answers with the SPA's own index.html: the
// title, the description, Open Graph and Twitter card tags, written into <head> in place
// of the shell's generic title and description. Every value is escaped for an attribute.
export type PreviewTags = {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the image, with its size when known (the pick card is 1200×630). */
  image: { url: string; width?: number; height?: number; alt: string };
  /** "summary_large_image" for a pick card, "summary" for a square image. */
  twitterCard: "summary_large_image" | "summary";
};

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

function meta(attribute: "name" | "property", key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`;
}

export function previewTagsHtml(tags: PreviewTags): string {
  const lines = [
    `<title>${escapeAttribute(tags.title)}</title>`,
    meta("name", "description", tags.description),
    `<link rel="canonical" href="${escapeAttribute(tags.url)}" />`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", "Vantage"),
    meta("property", "og:title", tags.title),
    meta("property", "og:description", tags.description),
    meta("property", "og:url", tags.url),
    meta("property", "og:image", tags.image.url),
    meta("property", "og:image:alt", tags.image.alt),
    ...(tags.image.width ? [meta("property", "og:image:width", String(tags.image.width))] : []),
    ...(tags.image.height ? [meta("property", "og:image:height", String(tags.image.height))] : []),
    meta("name", "twitter:card", tags.twitterCard),
    meta("name", "twitter:title", tags.title),
    meta("name", "twitter:description", tags.description),
    meta("name", "twitter:image", tags.image.url),
  ];
  return lines.join("\n    ");
}

/** The shell with its own title and description replaced by the page's tags. */
export function withPreviewTags(shell: string, tags: PreviewTags): string {
  const stripped = shell.replace(/\s*<title>[\s\S]*?<\/title>/i, "").replace(/\s*<meta\s+name="description"[^>]*>/i, "");
  return stripped.replace(/<\/head>/i, `  ${previewTagsHtml(tags)}\n  </head>`);
}
