import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * The words candidates' search documents contain (as the text-search parser stores them) with how
 * many documents hold each, in their text and in their names: a misspelt search word or name is
 * matched to the closest of them (pg_trgm).
 * Rebuilt from a sample of the documents and the lookups by the refresh_search_terms job.
 */
export const searchTerm = defineEntity({
  name: 'searchTerm',
  table: 'search_terms',
  subject: 'SearchTerm',
  fields: {
    word: f.string({ required: true, unique: true, max: 120 }),
    // Search documents whose text holds the word, and whose names do (the admins' name search).
    documents: f.integer({ required: true, default: 0 }),
    names: f.integer({ required: true, default: 0 }),
  },
  indexes: [{ fields: ['word'], ops: 'trigram' }],
  permissions: {},
});
