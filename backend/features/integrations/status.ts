/**
 * What the ATS says back, and how the last sync went:
 *   GET /integrations/ats-status?projectId=   each linked candidate's stage or status in the
 *       company's ATS for a project the caller may open (its Members included), of the candidates its
 *       board shows them, with since when
 *       it holds, when it was read and the product stage it matches (the move the card offers); an application
 *       the ATS answered 404 for (deleted there) shows as gone (`gone`, no stage) since the read that found it so;
 *       another company's project is "not found".
 *   GET /integrations/last-sync               per live integration of the company, whether a sync
 *       is queued or running and the last finished run: pushed (created, updated), failed with
 *       each record's reason, skipped with theirs, status changes read back, and a run-wide error
 *       (or the vendor's wait, with the time before which no run calls it: `waitUntil`);
 *   GET /integrations/last-sync/:id           the same for one integration.
 * The last two are for the company's Owners and Admins, like every integration route; "Sync now"
 * is PUT /integrations/manual/sync/:id (endpoints.ts).
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { z } from 'zod';
import { atsKind, INTEGRATION_STATUS, LINK_KIND, RUN_STATUS, RUN_TRIGGER } from '../../../schema/rules/ats';
import { id } from '../../../schema/validation/inputs';
import { onBoardSql, viewerOf, type Viewer } from '../../../schema/rules/visibility';
import { isLive } from '../../adapters/ats';
import { defineEndpoint } from '../../endpoints/define';
import { forbidden } from '../../errors';
import type { RunEntry } from './sync';
import { syncJobKey } from './store';
import { waitingUntil } from './vendorWait';

/** The ATS status of every linked candidate of a project, newest read per candidate. */
export async function projectStatuses(knex: Knex, projectId: number, viewer: Viewer) {
  const rows = await knex('integration_links as l')
    .join('integrations as i', 'i.id', 'l.integration_id')
    .join('project_candidates as pc', 'pc.id', 'l.local_id')
    .join('projects as p', 'p.id', 'pc.project_id')
    .join('candidates as cand', 'cand.id', 'pc.candidate_id')
    .where({ 'l.local_kind': LINK_KIND.projectCandidate, 'pc.project_id': projectId })
    .whereRaw('i.company_id = p.company_id')
    // Of the job the project is linked to now: a relinked project's applications on its old job are not shown.
    .leftJoin('integration_links as job', (on) =>
      on
        .on('job.integration_id', 'l.integration_id')
        .andOnVal('job.local_kind', LINK_KIND.project)
        .andOn('job.local_id', 'p.id'),
    )
    .where((q) => q.whereNull('job.id').orWhereNull('l.remote_job_id').orWhereRaw('l.remote_job_id = job.remote_id'))
    // Only of candidates the board shows the caller: met at all, in a stage they see.
    .whereRaw(onBoardSql(viewer, 'cand', 'pc'))
    .whereNotNull('l.remote_status')
    .orderBy('l.remote_read_at', 'desc')
    .select(
      'pc.candidate_id',
      'i.kind',
      'l.remote_status',
      'l.remote_stage',
      'l.remote_status_since',
      'l.remote_read_at',
      'l.remote_gone_at',
    );
  const seen = new Set<number>();
  return {
    data: rows
      .filter((r) => !seen.has(r.candidate_id) && seen.add(r.candidate_id))
      .map((r) => ({
        candidateId: r.candidate_id as number,
        kind: r.kind as string,
        ats: atsKind(r.kind)?.label ?? r.kind,
        // Gone from the ATS (deleted there): said so, not the stage last read.
        status: r.remote_gone_at ? t('integrations.goneFromAts') : (r.remote_status as string),
        stage: r.remote_gone_at ? null : ((r.remote_stage as string | null) ?? null),
        gone: Boolean(r.remote_gone_at),
        since: (r.remote_gone_at ?? r.remote_status_since) as Date | null,
        readAt: r.remote_read_at as Date | null,
      })),
  };
}

const statusKey = (n: number) => Object.entries(RUN_STATUS).find(([, v]) => v === n)?.[0];
const only = (entries: RunEntry[], outcome: RunEntry['outcome']) =>
  entries
    .filter((e) => e.outcome === outcome)
    .map((e) => ({ project: e.project, candidate: e.candidate, reason: e.reason ?? null }));

/** Per live integration of the company (or the one `integrationId`): queued or running now, and the last finished run. */
export async function lastSyncs(knex: Knex, companyId: number, integrationId?: number) {
  const integrations: {
    id: number;
    kind: string;
    status: number;
    last_synced_at: Date | null;
    settings: Record<string, unknown> | null;
  }[] = await knex('integrations')
    .where('company_id', companyId)
    .whereNot('status', INTEGRATION_STATUS.recorded)
    .modify((q) => (integrationId === undefined ? q : q.where('id', integrationId)))
    .orderBy('id')
    .select('id', 'kind', 'status', 'last_synced_at', 'settings');
  const live = integrations.filter((i) => isLive(i.kind));
  const jobs = live.length
    ? await knex('graphile_worker.jobs')
        .whereIn(
          'key',
          live.map((i) => syncJobKey(i.id)),
        )
        .select('key', 'locked_at')
    : [];
  const runs = live.length
    ? await knex('integration_runs')
        .distinctOn('integration_id')
        .whereIn(
          'integration_id',
          live.map((i) => i.id),
        )
        .whereNot('status', RUN_STATUS.running)
        .orderBy([{ column: 'integration_id' }, { column: 'id', order: 'desc' }])
        .select('*')
    : [];
  return live.map((i) => {
    const job = jobs.find((j) => j.key === syncJobKey(i.id));
    const run = runs.find((r) => r.integration_id === i.id);
    const entries = (run?.entries ?? []) as RunEntry[];
    return {
      integrationId: i.id as number,
      kind: i.kind as string,
      label: atsKind(i.kind)?.label ?? i.kind,
      authError: i.status === INTEGRATION_STATUS.authError,
      sync: job ? (job.locked_at ? 'running' : 'queued') : 'idle',
      // The vendor asked not to be called before this time: the next run starts then (vendorWait.ts).
      waitUntil: waitingUntil(i) ?? null,
      lastSyncedAt: i.last_synced_at as Date | null,
      lastRun: run
        ? {
            id: run.id as number,
            trigger: run.trigger === RUN_TRIGGER.manual ? 'manual' : 'schedule',
            status: statusKey(run.status),
            startedAt: run.started_at as Date,
            finishedAt: run.finished_at as Date | null,
            pushed: (run.created as number) + (run.updated as number),
            created: run.created as number,
            updated: run.updated as number,
            skipped: run.skipped as number,
            failed: run.failed as number,
            error: run.error as string | null,
            failures: only(entries, 'failed'),
            skips: only(entries, 'skipped'),
            statusChanges: only(entries, 'statusChanged'),
          }
        : null,
    };
  });
}

const READ = { action: 'read', subject: 'Integration' } as const;

export const statusEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/integrations/ats-status',
    summary: "A project's candidates as the company's ATS has them: status, since when, when read",
    access: { action: 'read', subject: 'Project' },
    input: { query: z.object({ projectId: id('project') }) },
    row: { entity: 'project', from: { query: 'projectId' }, action: 'read' },
    handler: ({ row, ctx, actor }) => projectStatuses(ctx.knex, row.id as number, viewerOf(actor)),
  }),

  defineEndpoint({
    method: 'get',
    path: '/integrations/last-sync',
    summary: "How the last sync of each of the company's connected ATSs went, and whether one is under way",
    access: READ,
    handler: async ({ actor, ctx }) => {
      if (actor.companyId === undefined) throw forbidden('integrations.noPermission');
      return { data: await lastSyncs(ctx.knex, actor.companyId) };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/integrations/last-sync/:id',
    summary: 'How the last sync of one integration went, and whether one is under way',
    access: READ,
    row: { entity: 'integration', action: 'read' },
    handler: async ({ row, ctx }) => {
      const [found] = await lastSyncs(ctx.knex, row.companyId as number, row.id as number);
      return found ?? { integrationId: row.id, sync: 'idle', lastRun: null, live: false };
    },
  }),
];
