/**
 * Request validation by the entity's compiled zod schema (schema/validation/entitySchemas.ts, the
 * one validation source the console and the portal use too). Every problem is reported at once,
 * per field, as a message key ('<field>.errors.<rule>'); nothing is written when any is found.
 */
import type { EntityDef, FieldDef } from '../../schema';
import { deriveFields, fieldSchema, normaliseUrl, parseRecord, type Mode } from '../../schema/validation/entitySchemas';
import { isDate } from '../../schema/rules/candidate';
import { badRequest } from '../errors';

export { deriveFields, isDate, normaliseUrl, type Mode };

/** A rule one value breaks ('invalid', 'tooLong', or a declared message key). */
export class FieldError extends Error {
  constructor(public readonly rule: string) {
    super(rule);
  }
}

/** Cleans one present, non-empty value by its field's schema or throws FieldError. */
export function cleanValue(def: FieldDef, value: unknown): unknown {
  const parsed = fieldSchema(def).safeParse(value);
  if (!parsed.success) throw new FieldError(parsed.error.issues[0].message);
  return parsed.data;
}

/**
 * Validates a create or update payload. Fields that are read-only, unknown or outside `writable`
 * are ignored (clients such as react-admin send whole records back). Returns camelCase values
 * ready for the model, with references as plain ids. A national phone number is read in `phoneCountry`
 * (the record's country, EntityWrites.phoneCountry) when known, and stored in E.164.
 */
export function validateRecord(
  entity: EntityDef,
  input: unknown,
  mode: Mode,
  writable?: ReadonlySet<string>,
  phoneCountry?: string | null,
): Record<string, unknown> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw badRequest({}, 'errors.badRequest');
  const result = parseRecord(entity, input, { mode, writable, phoneCountry });
  if (result.errors) throw badRequest(result.errors);
  return result.data;
}
