/**
 * Text made fit for a WhatsApp template parameter. The Cloud API refuses a text parameter holding a
 * new line, a tab or more than four spaces in a row (error 132018), and an empty one; a header
 * parameter takes at most 60 characters and a body parameter 1,024. What the product stores keeps
 * the words as they were typed (an email keeps its paragraphs): only what goes to WhatsApp is
 * flattened here.
 *
 * Paragraphs (text parted by a blank line) are joined by " · "; any other line break, tab or run
 * of spaces becomes one space; the ends are trimmed. When the " · " marks would carry the text over
 * its limit the paragraphs are joined by one space instead, which never makes a text longer than
 * it was typed, so a text within its limit as typed is sent whole. Only a text over its limit
 * either way is cut, ending in "…".
 */
import { JD_LIMITS } from '../../../schema/rules/pipeline';

/** Between two paragraphs, when the text still fits its limit with it. */
export const PARAGRAPH_MARK = ' · ';

// Every kind of line end: CR LF, CR, LF, vertical tab, form feed, NEL and Unicode's line and paragraph separators.
const LINE_END = /\r\n?|[\n\v\f\u0085\u2028\u2029]/g;
// Two line ends with only blanks between them part two paragraphs.
const BLANK_LINE = /\n\s*\n/;

/**
 * `value` as one line WhatsApp takes as a template parameter, within `max` characters; `fallback`
 * (flattened the same way, and never blank itself) when nothing but blanks is left.
 */
export function templateText(value: string | null | undefined, fallback: string, max: number = JD_LIMITS.body) {
  return flatten(value ?? '', max) || flatten(fallback, max);
}

function flatten(value: string, max: number): string {
  const paragraphs = value
    .replace(LINE_END, '\n')
    .split(BLANK_LINE)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const marked = paragraphs.join(PARAGRAPH_MARK);
  if (marked.length <= max) return marked;
  const spaced = paragraphs.join(' ');
  return spaced.length <= max ? spaced : `${cut(spaced, max - 1)}…`;
}

/** The first `n` characters, without half of a character written as a surrogate pair (an emoji) or a trailing space. */
function cut(text: string, n: number): string {
  const head = text.slice(0, n);
  return (/[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head).trimEnd();
}
