/**
 * Text every engine must keep byte for byte (the text rule allows it): emoji (a ZWJ family), CJK, a
 * combining accent, Hebrew and Arabic with a right-to-left mark.
 */
export const EXOTIC = "📦 备份 日本語 e\u0301 שלום مرحبا \u200f👩‍👩‍👧 ✓";
