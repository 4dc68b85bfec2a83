/**
 * Labels of every entity's fields, nested item fields and enum choices, by entity name. The schema
 * carries only the keys ('entities.<entity>.fields.<field>', '.items.<field>.<key>', '.enums.<field>.<choice>',
 * nested choices as '<field>_<key>'); defineEntity reads the texts from here, so a label has one spelling.
 */
import { dashboardEntityLabels } from './dashboards';
import { integrationEntityLabels } from './integrations';
import { aiMatchEntityLabels } from './aiMatch';
import { dataRightsEntityLabels } from './dataRights';
import { dataExportEntityLabels } from './dataExport';
import { consentEntityLabels } from './consents';
import { duplicateEntityLabels } from './duplicates';
import { liveEntityLabels } from './live';
import { alertEntityLabels } from './alerts';
import { chatEntityLabels } from './chat';
import { lookupEntities } from './lookupEntities';
import { accountEntities } from './accountEntities';
import { talentEntities } from './talentEntities';
import { workEntities } from './workEntities';

/**
 * Words the console reads beside the sections' own: who acted in a data rights entry, and the keys of
 * the JSON a data rights entry, an erasure's report and a retention run hold ('.items.<field>.<key>').
 */
const { dataRightsLog, erasureRequest } = dataRightsEntityLabels;
const dataRightsReadable = {
  dataRightsLog: {
    ...dataRightsLog,
    enums: {
      ...dataRightsLog.enums,
      actorKind: { admin: 'Admin', companyUser: 'Company user', candidate: 'Candidate' },
    },
    items: {
      detail: { correctionId: 'Correction', exportId: 'Export', requestId: 'Erasure request', dueAt: 'Due' },
    },
  },
  erasureRequest: {
    ...erasureRequest,
    items: { report: { deleted: 'Rows deleted', scrubbed: 'Rows rewritten', files: 'Files deleted' } },
  },
  retentionRun: {
    ...consentEntityLabels.retentionRun,
    items: {
      counts: {
        inactiveReminded: 'Inactive candidates reminded',
        inactiveArchived: 'Inactive candidates archived',
        cvDrafts: 'CV drafts deleted',
        analyticsEvents: 'Analytics events deleted',
        integrationRunEntries: 'ATS sync entries cleared',
        outboxBodies: 'Sent email bodies cleared',
        expiredExports: 'Expired data copies deleted',
      },
      periods: {
        inactiveDays: 'Inactive after (days)',
        reminderDays: 'Reminder notice (days)',
        cvDraftHours: 'CV drafts kept (hours)',
        logDays: 'Logs kept (days)',
        outboxDays: 'Sent emails kept (days)',
      },
    },
  },
};

export const entityLabels = {
  ...liveEntityLabels,
  ...alertEntityLabels,
  ...chatEntityLabels,
  ...dashboardEntityLabels,
  ...integrationEntityLabels,
  ...aiMatchEntityLabels,
  ...dataRightsEntityLabels,
  ...dataExportEntityLabels,
  ...consentEntityLabels,
  ...dataRightsReadable,
  ...duplicateEntityLabels,
  ...lookupEntities,
  ...accountEntities,
  ...talentEntities,
  ...workEntities,
};
