import { en } from './en';

export { en };

function lookup(key: string): string | undefined {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when the catalogue has a text for `key`. */
export const hasText = (key: string): boolean => lookup(key) !== undefined;

/**
 * Text for a message key. Field keys such as 'firstName.errors.required' fall back to the
 * generic 'errors.required' so every field error reads well without a key of its own.
 */
export function t(key: string, values: Record<string, string | number> = {}): string {
  const generic = /\.errors\.(\w+)$/.exec(key)?.[1];
  const text = lookup(key) ?? (generic ? lookup(`errors.${generic}`) : undefined) ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
