import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';
import { CANDIDATE_SITUATIONS, CANDIDATE_STATUS, EMPLOYMENT_TYPES, NOTICE_PERIOD_TYPES } from '../talentOptions';

/**
 * The statuses searches read, each with its own part of the GIN index over facet values and words
 * (the other statuses share one part): conditions on the status written as these parts declare
 * theirs let the planner read only the parts asked (backend/features/search/conditions.ts).
 */
const SEARCH_INDEX_STATUSES = [
  { status: CANDIDATE_STATUS.active, label: 'active' },
  { status: CANDIDATE_STATUS.semiActive, label: 'semi_active' },
];

/**
 * One row per candidate (same id) holding everything search filters, counts, ranks and shows in a
 * list, in one narrow table: the candidate's filterable values, what their experience implies
 * (industries, career start, latest company and title), the salary in SGD, a profile-completeness
 * score and the full-text vectors. The database keeps it: triggers on candidates, experiences,
 * educations, lookups and currency rates queue the candidates they touch, and one set-based
 * refresh runs when the transaction commits (migrations/*_maintain_candidate_search_documents.ts),
 * so every writer (the API, the bulk import, seeds) is covered without knowing about it.
 */
export const candidateSearchDocument = defineEntity({
  name: 'candidateSearchDocument',
  table: 'candidate_search_documents',
  subject: 'CandidateSearchDocument',
  fields: {
    status: f.enum(CANDIDATE_STATUS, { required: true }),
    visibility: f.boolean(),
    anonymous: f.boolean(),
    // The candidate's own timestamps: recency ranks and sorts by them.
    createdAt: f.datetime({ required: true }),
    updatedAt: f.datetime({ required: true }),
    currentLocationId: f.integer(),
    preferredLocationIds: f.refList('city'),
    jobTitleIds: f.refList('jobTitle'),
    skillIds: f.refList('skill'),
    languageIds: f.refList('language'),
    // From the candidate's experience.
    industryIds: f.refList('industry'),
    tagIds: f.refList('tag'),
    ownerId: f.integer(),
    typeOfEmployment: f.enumList(EMPLOYMENT_TYPES),
    candidateStatus: f.enumList(CANDIDATE_SITUATIONS),
    noticeType: f.enum(NOTICE_PERIOD_TYPES),
    noticeMonths: f.integer(),
    noticeDate: f.date(),
    workingRemotely: f.boolean(),
    expectedSalary: f.integer(),
    salaryCurrency: f.string({ max: 3 }),
    // Expected monthly salary in SGD at the current rates (currency_rates).
    salarySgd: f.integer(),
    // The start of the earliest job: years of experience are counted from it.
    careerStart: f.date(),
    latestCompany: f.string({ max: 160 }),
    latestJobTitle: f.string({ max: 160 }),
    // 0 to 100: how much of the profile is filled in.
    completeness: f.integer({ required: true, default: 0 }),
    // The part of it companies may not see in search (picture, profile links, CV: the gate withholds them),
    // left out of their best-match order so that the order tells nothing of them; admins rank by the whole.
    completenessWithheld: f.integer({ required: true, default: 0 }),
    // Profile views in the last 30 days, refreshed by the refresh_popular_candidates job.
    popularity: f.integer({ required: true, default: 0 }),
    // Every facet value of the candidate in one list, each as dimension * 100,000,000 + id (1 job
    // titles, 2 skills, 3 preferred locations, 4 current location, 5 languages, 6 industries,
    // 7 employment types, 8 tags): facets are counted with one pass over one list. Two index
    // tokens follow them, kept by a trigger from the row itself and never counted as facets: 10 the
    // year the career started (0 without), which the GIN index intersects with a selective
    // condition, and 11 the status, no longer read since the index comes in parts by status
    // (migrations/*_add_search_index_tokens.ts).
    facetValues: f.integerList(),
    // Job titles and experience titles (A), skills (B), employers (C), summary (D); no names or contact details.
    vector: f.tsvector(),
    // First and last name, for the admins' name search.
    nameVector: f.tsvector({ index: true }),
    // "first last email" in lower case, for fuzzy and substring matching of names and emails.
    nameText: f.text(),
  },
  // Status is in nearly every search but keeps most rows: no index leads with it. Pages are read in
  // creation order (ties broken by id) or by salary. The creation-order index carries what the
  // filters other than text check and what best match ranks by, so finding the newest matches
  // walks the index alone, never the table's wide rows (an index-only scan: 0.8 µs a document
  // where visiting the table took 2.1 µs).
  // One GIN index holds the facet values and the words: it serves every multi-value filter and
  // the text, and intersects conditions on several of them inside the index (a rare skill with a
  // common language, a city with a common word: only the documents holding both are read), where
  // one index per list would build a bitmap of each condition's every match. It comes in parts by
  // status (SEARCH_INDEX_STATUSES): a company's search reads the active candidates' part alone,
  // an admin's the active and semi-active parts, so neither reads nor intersects the status.
  indexes: [
    {
      fields: ['createdAt', 'id'],
      include: [
        'status',
        'facetValues',
        'salarySgd',
        'careerStart',
        'workingRemotely',
        'noticeType',
        'noticeMonths',
        'noticeDate',
        'completeness',
        'completenessWithheld',
        'popularity',
        'updatedAt',
      ],
    },
    ['salarySgd', 'id'],
    { fields: ['nameText'], ops: 'trigram' },
    ...SEARCH_INDEX_STATUSES.map(({ status, label }) => ({
      fields: ['facetValues', 'vector'],
      method: 'gin' as const,
      where: { field: 'status', label, in: [status] },
    })),
    {
      fields: ['facetValues', 'vector'],
      method: 'gin',
      where: { field: 'status', label: 'other_statuses', notIn: SEARCH_INDEX_STATUSES.map((p) => p.status) },
    },
  ],
  permissions: {},
});
