/** Text and attribute escaping for HTML and XML (Atom, SVG): the five markup characters. */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeMarkup(text: string): string {
  // Characters XML 1.0 forbids (C0 controls but tab, LF, CR) are dropped so the feed stays well-formed.
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
