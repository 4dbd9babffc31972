import { z } from "zod";
import { MAX_SEARCH_LENGTH } from "../vocabulary";

export { MAX_SEARCH_LENGTH };

/**
 * The one rule for text a client sends (docs/architecture.md, "Errors"): every string field of every
 * input schema carries `storable`, so both faces refuse, with 400 VALIDATION_ERROR keyed by the
 * field and before anything is stored or looked up:
 * - U+0000 (NUL): PostgreSQL's `text` cannot hold it;
 * - the other control characters (Unicode category Cc: U+0001–U+0008, U+000B, U+000C,
 *   U+000E–U+001F, U+007F–U+009F); tab, line feed and carriage return are allowed;
 * - an unpaired UTF-16 surrogate (`"\ud800"` is valid JSON): no UTF-8 text can hold it, and each
 *   engine used to store a different replacement.
 * Everything else is kept byte for byte: emoji, CJK, combining marks, right-to-left text and marks.
 *
 * Run logs and ping bodies are bytes, not names: they are never refused, see `storableLog`.
 */
const UNSTORABLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_RULE_MESSAGE =
  "Use text without NUL, control characters (tab and line breaks are fine) or unpaired UTF-16 surrogates";

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The check every string field of an input schema carries (tests/unit/text-rule.test.ts walks them). */
export const storable = z.refine<string>(isStorableText, TEXT_RULE_MESSAGE);

/** A string field under the text rule: `text().trim().min(1).max(128)`. */
export const text = () => z.string().check(storable);

/**
 * A list's name search: the items whose name contains it, ignoring case (letters A-Z on SQLite, every
 * letter on PostgreSQL); `%` and `_` are plain characters. Blank: no search.
 */
export const nameSearch = () =>
  text()
    .max(MAX_SEARCH_LENGTH)
    .describe("Only items whose name contains this text, ignoring case (at most 128 characters)")
    .optional();

/** Text of a run log (a ping body, a reported `log`): NUL and unpaired surrogates become U+FFFD. */
const UNSTORABLE_IN_LOG = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * What a log keeps: everything either engine can hold (control characters, escape sequences and
 * invalid UTF-8 already decoded to U+FFFD included), with NUL and unpaired surrogates replaced by
 * U+FFFD, the same on SQLite and PostgreSQL. One scan when there is nothing to replace.
 */
export function storableLog(value: string): string {
  return value.replace(UNSTORABLE_IN_LOG, "\uFFFD");
}
