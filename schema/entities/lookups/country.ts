import { f } from '../../lib/fields';
import { defineLookup } from '../../lib/lookup';

/** A country with its two-letter ISO code and dial code; companies hire in countries, candidates live in them. */
export const country = defineLookup({
  name: 'country',
  table: 'countries',
  resource: 'countries',
  subject: 'Country',
  label: 'Countries',
  recordLabel: 'Country',
  description: 'Countries',
  extra: {
    code: f.string({
      required: true,
      unique: true,
      min: 2,
      max: 2,
      pattern: /^[A-Z]{2}$/,
      patternMessage: 'code.errors.twoLetters',
      searchable: true,
      label: 'Code',
    }),
    dialCode: f.string({ required: true, max: 16, pattern: /^\+\d{1,4}([\s-]?\d{1,4})?$/ }),
  },
});
