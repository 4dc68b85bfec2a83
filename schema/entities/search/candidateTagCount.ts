import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * How many candidates carry each tag, kept exact by the search-document refresh (it applies the
 * difference between a candidate's old and new tags), so the tag list reads counts without
 * counting a million candidates.
 */
export const candidateTagCount = defineEntity({
  name: 'candidateTagCount',
  table: 'candidate_tag_counts',
  subject: 'CandidateTagCount',
  fields: {
    tagId: f.ref('tag', { required: true, unique: true, index: false, onDelete: 'cascade' }),
    tagged: f.integer({ required: true, default: 0 }),
  },
  permissions: {},
});
