/**
 * Texts written to a bounded column (a string field's declared `max`): a product sentence around a part it does not
 * control (a vendor's reason, a notification's title) is fitted by cutting that part, never the sentence, so the write
 * cannot fail for length and the reader still gets the product's words.
 */
import type { FieldDef } from './types';

const ELLIPSIS = '…';

/** The declared maximum length of a string field (its column's varchar size). */
export function maxOf(def: Pick<FieldDef, 'max'>): number {
  if (def.max === undefined) throw new Error('maxOf: a field without max');
  return def.max;
}

/**
 * `compose(part)` in at most `max` characters: when longer, `part` is cut to the room the rest leaves and ends in '…'
 * (a surrogate pair is not split); the whole is cut only if the product's words alone are too long.
 */
export function fitTo(max: number, part: string, compose: (part: string) => string = (p) => p): string {
  const whole = compose(part);
  if (whole.length <= max) return whole;
  const room = Math.max(0, max - compose('').length - ELLIPSIS.length);
  const cut = part.slice(0, room).replace(/[\uD800-\uDBFF]$/, '');
  return compose(`${cut}${ELLIPSIS}`).slice(0, max);
}
