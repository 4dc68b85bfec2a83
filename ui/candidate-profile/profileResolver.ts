/**
 * react-hook-form's view of the profile rules, through `@hookform/resolvers/zod`: the form's
 * values go through the candidate's compiled schema (profileValidation.ts) and each problem
 * becomes a field error with its catalogue text. Rules on a whole list (duplicate skills, too
 * many highlighted) sit at the list's `root`, where react-hook-form keeps a field array's own error.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { t } from '../../i18n';
import { CHILD_LISTS, type Editor, type FormValues, type Item } from './profileFields';
import { profileProblems } from './profileValidation';

/** Lists edited as arrays of rows (react-hook-form field arrays). */
export const ROW_LISTS = ['preferredLocations', 'skills', 'languages', ...Object.keys(CHILD_LISTS)];

/** The form path an error of `path` is shown at. */
export const errorPath = (path: string) => (ROW_LISTS.includes(path) ? `${path}.root` : path);

/** The country (ISO code) of a chosen city, when its name is loaded (lookups.tsx cityCountries). */
export type CityCountry = (cityId: unknown) => string | undefined;

/**
 * The profile form's schema: its values as they are, with every problem at its form path in the catalogue's words.
 * A national phone number is read in the country of the chosen current location (`cityCountry`), as the server reads it.
 */
export function profileFormSchema(
  editor: Editor,
  existing?: Item,
  translate: (key: string) => string = t,
  cityCountry?: CityCountry,
) {
  return z.record(z.string(), z.unknown()).transform((values, ctx) => {
    const phoneCountry = cityCountry?.(values.currentLocationId);
    const problems = profileProblems(values as FormValues, { editor, existing, phoneCountry });
    for (const [path, key] of Object.entries(problems))
      ctx.addIssue({ code: 'custom', message: translate(key), path: errorPath(path).split('.') });
    return values;
  });
}

export function profileResolver(editor: Editor, existing?: Item, cityCountry?: CityCountry): Resolver<FieldValues> {
  return zodResolver(profileFormSchema(editor, existing, t, cityCountry), undefined, { raw: true });
}
