import { f } from '../../lib/fields';
import { defineLookup } from '../../lib/lookup';

/** A city, with its country's code and dial code for display without a join. */
export const city = defineLookup({
  name: 'city',
  table: 'cities',
  resource: 'cities',
  subject: 'City',
  label: 'Cities',
  recordLabel: 'City',
  description: 'Cities',
  uniqueName: false,
  extra: {
    countryId: f.ref('country', { required: true, onDelete: 'cascade' }),
    code: f.string({
      required: true,
      min: 2,
      max: 2,
      pattern: /^[A-Z]{2}$/,
      patternMessage: 'code.errors.twoLetters',
      index: true,
    }),
    dialCode: f.string({ required: true, max: 16 }),
  },
});
