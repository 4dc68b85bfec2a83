import { f } from '../../lib/fields';
import { defineLookup } from '../../lib/lookup';

/** A language (ISO 639-1) candidates speak at Beginner, Intermediate or Expert level. */
export const language = defineLookup({
  name: 'language',
  table: 'languages',
  resource: 'languages',
  subject: 'Language',
  label: 'Languages',
  recordLabel: 'Language',
  description: 'Languages',
  extra: {
    code: f.string({ required: true, unique: true, min: 2, max: 3, pattern: /^[a-z]{2,3}$/, searchable: true }),
  },
});
