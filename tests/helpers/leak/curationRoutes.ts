/**
 * The routes of candidates' data rights and of duplicate profiles judged not to answer with candidate data, by
 * reason (the duplicate queue and a pair side by side, which do, are in DATA_ROUTES), and a company's delayed card
 * payments. Kept apart from routes.ts for its length.
 */
export const DATA_RIGHTS_AND_DUPLICATES: Record<string, string[]> = {
  'a company’s own card payments its bank confirms later: sales orders by number, no candidate in them': [
    'GET /api/v1/credit/card-payments',
  ],
  'candidates’ data rights: a candidate’s own erasure request (their own record, no id read from the request); the admins’ erasure queue and its append-only log name a candidate by id only':
    [
      'GET /api/v1/data-rights/me',
      'POST /api/v1/data-rights/erasure',
      'POST /api/v1/data-rights/erasure/confirm',
      'POST /api/v1/data-rights/erasure/cancel',
      'POST /api/v1/data-rights/erasures',
      'POST /api/v1/data-rights/erasures/:id/hold',
      'POST /api/v1/data-rights/erasures/:id/release',
      'POST /api/v1/data-rights/erasures/:id/carry-out',
      'GET /api/v1/erasure-requests',
      'GET /api/v1/erasure-requests/:id',
      'POST /api/v1/erasure-requests',
      'PUT /api/v1/erasure-requests/status',
      'PUT /api/v1/erasure-requests/:id',
      'DELETE /api/v1/erasure-requests/:id',
      'DELETE /api/v1/erasure-requests',
      'GET /api/v1/data-rights-logs',
      'GET /api/v1/data-rights-logs/:id',
      'POST /api/v1/data-rights-logs',
      'PUT /api/v1/data-rights-logs/:id',
      'DELETE /api/v1/data-rights-logs/:id',
      'DELETE /api/v1/data-rights-logs',
    ],
  'candidates’ consents and retention: a candidate’s own consents (no id read from the request); an admin reads and records a candidate’s by id, answered as purposes and dates only; retention runs answer with counts':
    [
      'GET /api/v1/data-rights/consents',
      'PUT /api/v1/data-rights/consents',
      'POST /api/v1/data-rights/consents/notice',
      'POST /api/v1/data-rights/consents/notice/decline',
      'GET /api/v1/data-rights/notice',
      'GET /api/v1/data-rights/candidates/:id/consents',
      'PUT /api/v1/data-rights/candidates/:id/consents',
      'GET /api/v1/candidate-consents',
      'GET /api/v1/candidate-consents/:id',
      'POST /api/v1/candidate-consents',
      'PUT /api/v1/candidate-consents/:id',
      'DELETE /api/v1/candidate-consents/:id',
      'DELETE /api/v1/candidate-consents',
      'GET /api/v1/retention-runs',
      'GET /api/v1/retention-runs/:id',
      'POST /api/v1/retention-runs',
      'PUT /api/v1/retention-runs/:id',
      'DELETE /api/v1/retention-runs/:id',
      'DELETE /api/v1/retention-runs',
    ],
  'a copy of a candidate’s data and corrections: a candidate’s own export and correction requests (their own record, no id read from the request; the emailed link names its export by a signed token); admins produce an export, read it by id and answer corrections, and admins see every candidate':
    [
      'GET /api/v1/data-rights/export',
      'POST /api/v1/data-rights/export',
      'GET /api/v1/data-rights/export/file',
      'GET /api/v1/data-rights/exports/download',
      'POST /api/v1/data-rights/exports',
      'GET /api/v1/data-rights/exports/:id/file',
      'GET /api/v1/data-rights/corrections',
      'POST /api/v1/data-rights/corrections',
      'POST /api/v1/data-rights/corrections/:id/apply',
      'POST /api/v1/data-rights/corrections/:id/decline',
      'GET /api/v1/data-exports',
      'GET /api/v1/data-exports/:id',
      'POST /api/v1/data-exports',
      'PUT /api/v1/data-exports/status',
      'PUT /api/v1/data-exports/:id',
      'DELETE /api/v1/data-exports/:id',
      'DELETE /api/v1/data-exports',
      'GET /api/v1/data-corrections',
      'GET /api/v1/data-corrections/:id',
      'POST /api/v1/data-corrections',
      'PUT /api/v1/data-corrections/status',
      'PUT /api/v1/data-corrections/:id',
      'DELETE /api/v1/data-corrections/:id',
      'DELETE /api/v1/data-corrections',
    ],
  'an ATS’s view back: the last sync of the company’s integrations (counts, and each record not sent by the run log’s rule) and the statuses the ATS holds for a readable project’s linked candidates, by candidate id only':
    [
      'GET /api/v1/integrations/ats-status',
      'GET /api/v1/integrations/last-sync',
      'GET /api/v1/integrations/last-sync/:id',
    ],
  'duplicate profiles: admins’ writes (check a draft, scan, dismiss, merge, undo) answer with ids and counts': [
    'POST /api/v1/candidate-duplicates/check',
    'POST /api/v1/candidate-duplicates/scan',
    'POST /api/v1/candidate-duplicates/:id/dismiss',
    'POST /api/v1/candidate-duplicates/:id/merge',
    'POST /api/v1/candidate-merges/:id/undo',
  ],
};

/** The duplicate queue and a pair side by side: candidate data, for admins only. */
export const DUPLICATE_DATA_ROUTES = [
  {
    key: 'GET /api/v1/candidate-duplicates',
    probes: () => [{ path: '/candidate-duplicates' }, { path: '/candidate-duplicates?perPage=100' }],
    noWitness: 'admins only (the duplicate queue names both profiles), and no candidate of this world has a twin',
  },
  {
    key: 'GET /api/v1/candidate-duplicates/:id',
    probes: (lw: { canaries: Record<string, { apiId: string }> }) => [
      { path: '/candidate-duplicates/1' },
      ...Object.values(lw.canaries).map((c) => ({ path: `/candidate-duplicates/${c.apiId}` })),
    ],
    noWitness: 'admins only (a pair side by side, field by field), and no candidate of this world has a twin',
  },
  {
    key: 'GET /api/v1/candidate-merges',
    probes: (lw: { canaries: Record<string, { apiId: string }> }) =>
      Object.values(lw.canaries).map((c) => ({ path: `/candidate-merges?survivorId=${encodeURIComponent(c.apiId)}` })),
    noWitness: 'admins only (the names of the profiles merged into one), and no candidate of this world was merged',
  },
];
