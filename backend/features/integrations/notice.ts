/**
 * The `syncFailed` notification: when a sync of an integration fails (the run ends in error, or
 * some candidates could not be sent), the company's users who may manage its integrations (the
 * declared `Integration` read rule: Owners and Admins, never a Member) hear of it, linked to
 * /integrations. One thread per integration, updated in place by each failed run, emailed by preference; when the
 * ATS refused the credentials, the kind's one email is authErrorEmail.ts's (`credentialsEmailed`).
 * The `atsStatusChanged` notification: a sync read that the ATS moved a project's candidate (to an
 * offer, hired, rejected...); the project's company users who may open it hear of it, linked to
 * the project, on the candidate's thread of that project, if their board shows the candidate. The name is the one
 * the company sees.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { abilityFor } from '../../../schema/ability';
import { notification } from '../../../schema/entities/live/notification';
import { fitTo, maxOf } from '../../../schema/lib/fit';
import { atsKind } from '../../../schema/rules/ats';
import type { Config } from '../../config';
import { notify, companyRecipients, projectFacts, readersSeeing } from '../notifications';

export const INTEGRATIONS_LINK = '/integrations';

export async function syncFailed(
  trx: Knex.Transaction,
  config: Config,
  integration: { id: number; company_id: number; kind: string },
  failure: { error: string } | { failedRecords: number },
  credentialsEmailed = false,
): Promise<number> {
  const companyId = integration.company_id;
  const people = await companyRecipients(trx, { companyId });
  const managers = people.filter((p) => abilityFor(p.actor).can('read', asSubject('Integration', { companyId })));
  const ats = atsKind(integration.kind)?.label ?? integration.kind;
  return notify(trx, config, managers, {
    kind: 'syncFailed',
    subjectKey: `integration:${integration.id}:sync`,
    link: INTEGRATIONS_LINK,
    title: () =>
      'error' in failure
        ? fitTo(maxOf(notification.fields.title), failure.error, (reason) =>
            t('notifications.titles.syncFailed', { ats, reason }),
          )
        : t('notifications.titles.syncRecordsFailed', { ats, count: failure.failedRecords }),
    // Refused credentials have their own email (authErrorEmail.ts), by the same preference: this one sends none then.
    ...(credentialsEmailed ? { email: false as const } : {}),
  });
}

export async function atsStatusChanged(
  trx: Knex | Knex.Transaction,
  config: Config,
  integration: { kind: string },
  change: { projectId: number; candidateId: number; candidate: string | null; status: string },
): Promise<number> {
  const project = await projectFacts(trx, change.projectId);
  if (!project) return 0;
  const ats = atsKind(integration.kind)?.label ?? integration.kind;
  // Only those whose board shows the candidate (a paused one, or a RaaS company's longlist, is not on it).
  return notify(trx, config, await readersSeeing(trx, project, change.candidateId), {
    kind: 'atsStatusChanged',
    subjectKey: `projectCandidate:${change.projectId}:${change.candidateId}`,
    link: `/project/${change.projectId}`,
    title: () =>
      t('notifications.titles.atsStatusChanged', {
        candidate: change.candidate ?? t('notifications.aCandidate'),
        status: change.status,
        ats,
        project: project.title,
      }),
  });
}
