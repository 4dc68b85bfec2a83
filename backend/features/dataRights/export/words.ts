/** How a copy of a candidate's data writes the product's codes and times: in words, and as ISO text. */

/** The name of a declared code (a stage, a kind), or the value itself when no name has it. */
export const nameOf = <T extends Record<string, number>>(values: T, value: unknown): string | null =>
  Object.entries(values).find(([, v]) => v === value)?.[0] ?? (value == null ? null : String(value));

export const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));
