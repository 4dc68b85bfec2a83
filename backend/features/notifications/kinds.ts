/**
 * Each kind of notification: who receives it (recipients.ts, the declared read rules) and what its
 * thread says and links to. Called by the capabilities inside the transaction of the change.
 *   companyAwaitsApproval   every admin                          -> /companies?status=0
 *   candidateCurated        the project's company users          -> /project/:id
 *   interviewAnswered       the project's company users, advocate -> /project/:id
 *   qualifyAnswered         the project's advocate (or admins)   -> /project/:id
 *   candidateMovedByCompany the project's advocate               -> /project/:id
 * Company users hear of a project's candidate only when their board shows them (readersByBoard).
 * candidateCurated, interviewAnswered and companyAwaitsApproval are not emailed here: each has its capability's own
 * email, sent to those whose channel for the kind includes email (notify.ts `byEmail`; none for "in the app" or
 * "off"): the batched curated-candidates email (projects/notices.ts), the answer's email (interviews/delivery.ts) and
 * the admins' email of a sign-up (signup/endpoints.ts).
 * creditsLow and creditsExpiring are in credits.ts, chatMessage in backend/features/chat/followUp.ts;
 * syncFailed in backend/features/integrations/notice.ts (the company's integration managers ->
 * /integrations), matchFinished in backend/features/aiMatch/notice.ts (the admin who started the
 * run -> /ai-match?run=:id), paymentReversed in backend/features/credits/refunds.ts (every admin ->
 * /admin/sales-orders), paymentDelayed in credits.ts (the buyer and the company's credit readers -> their credits
 * page), through `notify` with the same shape.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { STAGES } from '../../../schema/rules/pipeline';
import { ACTOR_KINDS, actorRefs, type Actor } from '../../../schema/roles';
import type { Config } from '../../config';
import { candidateFacts, candidateLabel, candidatesFacts, type CandidateNames } from './names';
import { notify, notifyAll } from './notify';
import { onBoard, viewerOf, type Viewer } from '../../services/candidateGate';
import {
  adminRecipients,
  projectAdmins,
  projectFacts,
  projectReaders,
  type ProjectFacts,
  type Recipient,
} from './recipients';

type Trx = Knex | Knex.Transaction;
const projectLink = (id: number) => `/project/${id}`;
const STAGE_NAME = Object.fromEntries(Object.entries(STAGES).map(([k, v]) => [v, k])) as Record<number, string>;

export async function companyAwaitsApproval(
  trx: Trx,
  config: Config,
  company: { id: number; name: string },
): Promise<void> {
  await notify(trx, config, await adminRecipients(trx), {
    kind: 'companyAwaitsApproval',
    subjectKey: `company:${company.id}`,
    link: '/companies?status=0',
    title: () => t('notifications.titles.companyAwaitsApproval', { company: company.name }),
    // Its email is the sign-up's own, with the owner and the company's page (signup/endpoints.ts).
    email: false,
  });
}

export async function candidatesCurated(
  trx: Trx,
  config: Config,
  projectId: number,
  candidateIds: number[],
  actor: Actor,
): Promise<void> {
  if (!candidateIds.length) return;
  const project = await projectFacts(trx, projectId);
  if (!project) return;
  // One thread per candidate, all written together: a list of fifty is as many statements as one.
  const names = await candidatesFacts(trx, candidateIds, projectId);
  for (const { readers, shown } of await readersByBoard(trx, project, candidateIds))
    await notifyAll(
      trx,
      config,
      readers,
      shown.map((candidateId) => ({
        kind: 'candidateCurated' as const,
        subjectKey: `projectCandidate:${projectId}:${candidateId}`,
        link: projectLink(projectId),
        title: (r: Recipient) =>
          t('notifications.titles.candidateCurated', {
            candidate: candidateLabel(r.actor, names.get(candidateId) as CandidateNames),
            project: project.title,
          }),
        // Its email is the project's batched curated-candidates email (projects/notices.ts), one a day at most.
        email: false as const,
      })),
      actor,
    );
}

/** The project's readers whose board shows candidate `candidateId` (readersByBoard). */
export async function readersSeeing(trx: Trx, project: ProjectFacts, candidateId: number): Promise<Recipient[]> {
  return (await readersByBoard(trx, project, [candidateId])).flatMap((g) => (g.shown.length ? g.readers : []));
}

/**
 * The project's readers grouped by how they see its board, each group with those of `candidateIds` the board shows
 * them (a RaaS company's board has no longlist; nobody's has a paused candidate): a notice about a project's candidate
 * tells only those who meet the candidate there.
 */
async function readersByBoard(
  trx: Trx,
  project: ProjectFacts,
  candidateIds: number[],
): Promise<{ readers: Recipient[]; shown: number[] }[]> {
  const groups = new Map<Viewer, Recipient[]>();
  for (const r of await projectReaders(trx, project)) {
    const viewer = viewerOf(r.actor);
    groups.set(viewer, [...(groups.get(viewer) ?? []), r]);
  }
  const out: { readers: Recipient[]; shown: number[] }[] = [];
  for (const [viewer, readers] of groups) {
    const seen = await onBoard(trx, viewer, project.id, candidateIds);
    out.push({ readers, shown: candidateIds.filter((id) => seen.has(id)) });
  }
  return out;
}

/** A candidate answered an interview request (accepted or declined); `booked`, the time they chose, as written. */
export async function interviewAnswered(
  trx: Trx,
  config: Config,
  projectId: number,
  candidateId: number,
  accepted: boolean,
  booked?: string,
): Promise<void> {
  const project = await projectFacts(trx, projectId);
  if (!project) return;
  const candidate = await candidateFacts(trx, candidateId, projectId);
  const advocate = project.advocateId !== null ? await adminRecipients(trx, [project.advocateId]) : [];
  await notify(trx, config, [...(await readersSeeing(trx, project, candidateId)), ...advocate], {
    kind: 'interviewAnswered',
    subjectKey: `projectCandidate:${projectId}:${candidateId}`,
    link: projectLink(projectId),
    title: (r) =>
      t(`notifications.titles.${booked ? 'interviewBooked' : 'interviewAnswered'}`, {
        candidate: candidateLabel(r.actor, candidate),
        answer: t(`notifications.answers.${accepted ? 'accepted' : 'declined'}`),
        project: project.title,
        when: booked ?? '',
      }),
    // Its email is the answer's own, with the reasons (send_interview_request's `answered` step, interviews/delivery.ts).
    email: false,
  });
}

/** A candidate replied to a qualify request, or opted out of WhatsApp by it: the project's admins follow it up. */
export async function qualifyAnswered(
  trx: Trx,
  config: Config,
  projectId: number,
  candidateId: number,
  optedOut = false,
): Promise<void> {
  const project = await projectFacts(trx, projectId);
  if (!project) return;
  const candidate = await candidateFacts(trx, candidateId, projectId);
  await notify(trx, config, await projectAdmins(trx, project), {
    kind: 'qualifyAnswered',
    subjectKey: `projectCandidate:${projectId}:${candidateId}`,
    link: projectLink(projectId),
    title: (r) =>
      t(`notifications.titles.${optedOut ? 'qualifyOptedOut' : 'qualifyAnswered'}`, {
        candidate: candidateLabel(r.actor, candidate),
        answer: t('notifications.answers.answered'),
        project: project.title,
      }),
  });
}

/** A company user moved or rejected candidates in a project with a talent advocate: the advocate hears of it. */
export async function movedByCompany(
  trx: Trx,
  config: Config,
  projectId: number,
  candidateIds: number[],
  toStage: number,
  actor: Actor,
): Promise<void> {
  if (actorRefs(actor).kind !== ACTOR_KINDS.companyUser) return;
  const project = await projectFacts(trx, projectId);
  if (!project || project.advocateId === null) return;
  const advocate = await adminRecipients(trx, [project.advocateId]);
  if (!advocate.length) return;
  for (const candidateId of candidateIds) {
    const candidate = await candidateFacts(trx, candidateId, projectId);
    const values = {
      company: project.companyName ?? '',
      project: project.title,
      stage: t(`portal.pipeline.stages.${STAGE_NAME[toStage]}`),
    };
    await notify(trx, config, advocate, {
      kind: 'candidateMovedByCompany',
      subjectKey: `projectCandidate:${projectId}:${candidateId}`,
      link: projectLink(projectId),
      title: (r) =>
        t(
          toStage === STAGES.rejected
            ? 'notifications.titles.candidateRejectedByCompany'
            : 'notifications.titles.candidateMovedByCompany',
          {
            ...values,
            candidate: candidateLabel(r.actor, candidate),
          },
        ),
    });
  }
}
