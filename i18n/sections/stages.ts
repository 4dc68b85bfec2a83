/**
 * The one name of each recruitment stage (schema/rules/pipeline.ts STAGES), on every screen, email and
 * export: the project's tabs, the board, the project cards, the dashboards and the console. Stage-name
 * keys elsewhere in the catalogue point here.
 */
export const stageNames = {
  open: 'Suggested',
  qualify: 'Longlist',
  shortlist: 'Shortlist',
  interviewing: 'Interviewed',
  interviewing2: 'Interviewed 2+',
  offered: 'Offered',
  placed: 'Placed',
  rejected: 'Rejected',
} as const;
