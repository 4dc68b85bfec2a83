/**
 * The one rule for a link a person types (spec section 5): without a scheme it is read as https,
 * http becomes https, and what remains must be a web address with a dotted host. Entity url
 * fields, the interview schedule and the portal's forms all read links through it.
 */
import { z } from 'zod';

/** An http(s)-less link as https, http as https. */
export function normaliseUrl(raw: string): string {
  const trimmed = raw.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed.replace(/^http:\/\//i, 'https://');
  return `https://${trimmed.replace(/^\/\//, '')}`;
}

export function isHttpUrl(s: string): boolean {
  try {
    const url = new URL(s);
    return /^https?:$/.test(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** A typed link as its stored https form; 'invalid' when it is no web address. */
export const webLink = (max = 2048) =>
  z
    .string()
    .transform(normaliseUrl)
    .pipe(
      z
        .string()
        .max(max)
        .refine((s) => !/\s/.test(s) && isHttpUrl(s), 'invalid'),
    );
