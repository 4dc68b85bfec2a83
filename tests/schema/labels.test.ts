import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { labelKeys } from '../../schema/lib/define';
import { hasText, t } from '../../i18n';
import type { FieldDef } from '../../schema/lib/types';

/** Every label a screen shows of an entity comes from the catalogue, so it has one spelling. */
describe('Entity labels live in the catalogue', () => {
  const cases = entities.flatMap((e) =>
    Object.entries({ ...e.fields, ...(e.computed ?? {}) } as Record<string, FieldDef>)
      .filter(([, def]) => !def.hidden)
      .map(([name, def]) => [e.name, name, def] as const),
  );

  it.each(cases.map(([e, name]) => [`${e}.${name}`, e, name]))(
    '%s has a label in the catalogue and shows it',
    (_, e, name) => {
      const key = labelKeys.field(e, name);
      expect(hasText(key), key).toBe(true);
      const def = cases.find(([en, n]) => en === e && n === name)?.[2];
      expect(def?.label).toBe(t(key));
      for (const [sub, sd] of Object.entries(def?.fields ?? {})) {
        const subKey = labelKeys.item(e, name, sub);
        expect(hasText(subKey), subKey).toBe(true);
        expect(sd.label).toBe(t(subKey));
        for (const c of sd.choices ?? [])
          expect(hasText(labelKeys.choice(e, `${name}_${sub}`, c.key)), `${name}_${sub}.${c.key}`).toBe(true);
      }
      for (const c of def?.choices ?? []) {
        const choiceKey = labelKeys.choice(e, name, c.key);
        expect(hasText(choiceKey), choiceKey).toBe(true);
        expect(c.label).toBe(t(choiceKey));
      }
    },
  );

  it('The expected salary reads the same in the console and the portal', () => {
    const candidate = entities.find((e) => e.name === 'candidate');
    expect(candidate?.fields.expectedSalary.label).toBe('Expected minimum basic salary');
  });
});
