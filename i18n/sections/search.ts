/**
 * Candidate search and the lookups people type into: texts of the search API's answers and the
 * message keys of its field errors (at the catalogue's top level, where '<key>.errors.<rule>'
 * keys are looked up).
 */
export const search = {
  noticePeriods: { 0: 'Immediately', 1: 'Within 1 month', 2: 'Within 2 months', 3: 'Within 3 months or more' },
  sorts: { bestMatch: 'Best match', recentlyAdded: 'Recently added' },
  /** Labels of the search filters, by short key. */
  filters: {
    jt: 'Job titles',
    s: 'Skills',
    l: 'Preferred locations',
    cl: 'Current location',
    lang: 'Languages',
    i: 'Industries',
    te: 'Employment type',
    np: 'Notice period',
    cs: 'Candidate status',
    sf: 'Salary from',
    st: 'Salary to',
    cur: 'Salary currency',
    ef: 'Experience from (years)',
    et: 'Experience to (years)',
    r: 'Open to remote work',
    bd: 'Tags',
    ad: 'Owner',
    ns: 'Name',
    cn: 'Company name',
    ts: 'Text',
  },
};

const adminOnly = 'Only admins can use this filter';
const unknownName = (what: string) => `No ${what} by this name. Choose one from the list.`;

export const searchErrors = {
  ns: { errors: { adminOnly, tooLong: 'At most 100 characters' } },
  cn: { errors: { adminOnly, tooLong: 'At most 100 characters' } },
  ad: { errors: { adminOnly, notFound: unknownName('admin') } },
  cs: { errors: { adminOnly, invalid: 'Choose listed candidate statuses' } },
  ts: { errors: { tooLong: 'At most 200 characters' } },
  jt: { errors: { notFound: unknownName('job title') } },
  s: { errors: { notFound: unknownName('skill') } },
  l: { errors: { notFound: unknownName('location') } },
  cl: { errors: { notFound: unknownName('location') } },
  lang: { errors: { notFound: unknownName('language') } },
  i: { errors: { notFound: unknownName('industry') } },
  bd: { errors: { notFound: unknownName('tag') } },
  te: { errors: { invalid: 'Choose listed employment types' } },
  np: { errors: { invalid: 'Choose listed notice periods' } },
  cur: { errors: { unsupported: 'Choose a listed currency' } },
  q: { errors: { tooShort: 'Type at least 2 characters', required: 'Type at least 2 characters' } },
  toSgd: { errors: { tooSmall: 'Enter a rate above 0' } },
};
