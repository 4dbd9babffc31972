/** Project icons: the stored identifier and what the dashboard draws for it (plain symbols, no emoji font needed). */
export const PROJECT_ICONS: Record<string, { glyph: string; label: string }> = {
  folder: { glyph: "▣", label: "Folder" },
  server: { glyph: "▭", label: "Server" },
  database: { glyph: "☰", label: "Database" },
  cloud: { glyph: "☁", label: "Cloud" },
  rocket: { glyph: "➚", label: "Rocket" },
  clock: { glyph: "◷", label: "Clock" },
  mail: { glyph: "✉", label: "Mail" },
  shield: { glyph: "⚑", label: "Shield" },
};

export function iconGlyph(icon: string): string {
  return PROJECT_ICONS[icon]?.glyph ?? PROJECT_ICONS.folder!.glyph;
}
