import { f } from '../../lib/fields';
import { defineLookup } from '../../lib/lookup';

/** A citizenship (nationality adjective) tied to its country's code. */
export const citizenship = defineLookup({
  name: 'citizenship',
  table: 'citizenships',
  resource: 'citizenships',
  subject: 'Citizenship',
  label: 'Citizenships',
  recordLabel: 'Citizenship',
  description: 'Citizenships',
  extra: { countryCode: f.string({ required: true, min: 2, max: 2, pattern: /^[A-Z]{2}$/, index: true }) },
});
