/**
 * zod building blocks for capability inputs (bodies, queries, path parameters), side-free so the
 * portal's forms can use the same schemas. Values arrive as JSON, query strings or multipart text:
 * the helpers accept each form a client legitimately sends and nothing else.
 */
import { z } from 'zod';
import { entity } from '../index';
import { normaliseEmail } from '../lib/email';
import { EMAIL_PATTERN } from '../lib/fields';
import { parseId } from '../lib/ids';
import { oneLine } from './fieldChecks';

/**
 * The snake_case keys the spec writes (project_id, candidate_id, multipart candidate_id[]) read as
 * their camelCase names; when both spellings are sent, the camelCase one wins.
 */
export function camelKeys(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const entries = Object.entries(raw as Record<string, unknown>);
  const out: Record<string, unknown> = Object.fromEntries(entries.filter(([k]) => !/_|\[\]$/.test(k)));
  for (const [k, v] of entries) {
    const key = k.replace(/\[\]$/, '').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (key !== k && out[key] === undefined) out[key] = v;
  }
  return out;
}

/** A schema that also takes the spec's snake_case spellings of its keys (see camelKeys). */
export const specKeys = <S extends z.ZodType>(schema: S) => z.preprocess(camelKeys, schema);

/** An id of `entityName`, prefixed ('User:4') or plain; the output is the plain number. */
export const id = (entityName: string) =>
  z.union([z.string(), z.number()]).transform((raw, ctx) => {
    const parsed = parseId(entity(entityName), raw);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message: 'invalid', input: raw });
      return z.NEVER;
    }
    return parsed;
  });

/**
 * The most rows one bulk request of the capabilities names (projects' status change and deletion, admins' deletion,
 * company users' status and role changes); the console's "Select all" stops there (admin/resources/EntityList.tsx).
 */
export const BULK_MAX = 100;

/** A non-empty list of ids of `entityName`, duplicates removed; at most `max`. A bad item makes the whole list invalid. */
export const ids = (entityName: string, max: number) =>
  z
    // No list asks for the list; something else than a list (a lone key as a string) is invalid (issues.ts ruleOf).
    .array(z.unknown())
    .min(1)
    .max(max)
    .transform((list, ctx) => {
      const parsed = list.map((raw) => parseId(entity(entityName), raw));
      if (parsed.some((n) => n === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'invalid', input: list });
        return z.NEVER;
      }
      return [...new Set(parsed as number[])];
    });

/** Trimmed text of at most `max` characters; empty text counts as missing. */
export const text = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(max));

/** One line of text (a name, a title) of at most `max` characters: line breaks and control characters become a space. */
export const line = (max: number) => z.string().transform(oneLine).pipe(z.string().min(1).max(max));

/** Optional one line of text: absent, null and blank are all null. */
export const optionalLine = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((s) => (typeof s === 'string' && oneLine(s) ? oneLine(s) : null))
    .pipe(z.string().max(max).nullable());

/** Optional trimmed text: absent, null and blank are all null. */
export const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((s) => (typeof s === 'string' && s.trim() ? s.trim() : null))
    .pipe(z.string().max(max).nullable());

/** An email address in its one spelling (normaliseEmail); one it refuses fails as invalid. */
export const email = () =>
  z
    .string()
    .transform((s) => normaliseEmail(s) ?? '@')
    .pipe(z.string().min(1).max(254).regex(EMAIL_PATTERN));

/** A boolean sent as JSON or as the text 'true'/'false' (query strings, multipart forms). */
export const flag = () => z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]);

/** A whole number sent as JSON or as text. */
export const int = () =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,10}$/)
        .transform(Number),
    ])
    .pipe(z.number().int());

/** One of the listed numbers (an enum's ids), sent as JSON or as text. */
export const oneOf = (values: readonly number[]) => int().refine((n) => values.includes(n), { message: 'invalid' });

/**
 * A day as YYYY-MM-DD that the calendar has and the database stores: a real day (no 2026-02-30) of
 * year 1 or later (PostgreSQL has no year 0), so a bad one is a field error, never a refused query.
 */
export const calendarDay = z.iso.date('invalid').refine((d) => d >= '0001-01-01', 'invalid');

/**
 * The key a screen gives one thing it asks to make (a UUID), sent again with every try of it: the server makes the thing
 * once per key and answers a repeat with what the first try made. Optional: clients that send none are not deduplicated.
 */
export const clientKey = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid')
    .optional();
