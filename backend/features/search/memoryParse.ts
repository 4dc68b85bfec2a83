/**
 * What PostgreSQL prints, read for the search documents held in memory (memory.ts, memoryText.ts):
 * lists of integers, and text vectors, each lexeme with how many of its positions carry each
 * weight, which is all ts_rank_cd needs of a query of words and ORs.
 */

/** Null in an integer column of the documents held in memory. */
export const NONE = -2147483648;

/** Integers of a comma-separated list, read digit by digit. */
export function integers(text: string, out: number[]): number[] {
  let value = 0;
  let digits = false;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) {
      value = value * 10 + c - 48;
      digits = true;
    } else {
      if (digits) out.push(value);
      value = 0;
      digits = false;
    }
  }
  return out;
}

/** Four counts of four bits; a count from 15 up is kept whole in the overflow map. */
export const WEIGHTS_OVERFLOW = 0xffff;
export const OVERFLOW_KEY = 2 ** 26;

/** The counts of positions weighted A, B, C and D of the i-th word, `weights` holding four per word. */
export function packWeights(weights: number[], i: number): number {
  let packed = 0;
  for (let w = 0; w < 4; w += 1) {
    const n = weights[4 * i + w];
    if (n >= 15) return WEIGHTS_OVERFLOW;
    packed = (packed << 4) | n;
  }
  return packed;
}

export const unpackWeights = (packed: number) => [(packed >> 12) & 15, (packed >> 8) & 15, (packed >> 4) & 15, packed & 15];

/**
 * A text vector in PostgreSQL's text form (`'amazon':13B,15B 'bank':34C,49 'it''s'`): its lexemes in
 * order, and for each the counts of its positions weighted A, B, C and D (none without positions).
 */
export function parseVector(text: string): { words: string[]; weights: number[] } {
  const words: string[] = [];
  const weights: number[] = [];
  let at = 0;
  const length = text.length;
  while (at < length) {
    while (at < length && text.charCodeAt(at) === 32) at += 1;
    if (at >= length) break;
    // Opening quote; inside, a quote or backslash is doubled.
    at += 1;
    let word = '';
    let from = at;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 39 || c === 92) {
        word += text.slice(from, at);
        if (c === 39 && text.charCodeAt(at + 1) !== 39) {
          at += 1;
          break;
        }
        word += text[at];
        at += 2;
        from = at;
      } else if (at >= length) break;
      else at += 1;
    }
    words.push(word);
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    if (text.charCodeAt(at) === 58) {
      // ':' then positions, each digits and a weight letter (none for D), separated by commas.
      at += 1;
      for (;;) {
        while (at < length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at += 1;
        const w = text.charCodeAt(at);
        if (w === 65) a += 1;
        else if (w === 66) b += 1;
        else if (w === 67) c += 1;
        else d += 1;
        if (w >= 65 && w <= 68) at += 1;
        if (text.charCodeAt(at) !== 44) break;
        at += 1;
      }
    }
    weights.push(a, b, c, d);
  }
  return { words, weights };
}
