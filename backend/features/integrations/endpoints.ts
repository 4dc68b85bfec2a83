/**
 * ATS integrations under /api/v1/integrations (spec sections 2, 7, 9), for a company's Owners and
 * Admins only (the Integration entity's rules: a Member, a RaaS company or a platform admin is
 * refused, another company's integration is "not found"). No answer ever carries a credential.
 *   GET    integration-list        the 19 kinds, each with the company's integration, if any
 *   POST   add                     an API-key provider (Workable, Ashby) or a kind recorded without connection (Other with its name);
 *                                  Workable acts as the account member with the connecting user's email, and
 *                                  without one is refused on apiKey naming that email (connect.ts)
 *   POST   greenhouse              Greenhouse Harvest v3 by OAuth client credentials
 *                                  (add, greenhouse and credentials count each vendor check per person and company:
 *                                  429 beyond ATS_CREDENTIAL_CHECKS_PER_WINDOW, before the vendor is called; connect.ts)
 *   PUT    manual/sync/:id         "Sync now": queues a sync under the integration's one job key; 429 within
 *                                  ATS_SYNC_COOLDOWN_MINUTES of the last sync's start (syncCooldown.ts)
 *   DELETE remove/:id              removes the integration, its credentials, links and log
 *   GET    run-log/:id             the newest runs of an integration
 *   PUT    credentials/:id         replaces a connected or refused integration's credentials in place
 *                                  (Workable's token, Ashby's key, Greenhouse's client id and secret;
 *                                  Lever signs in again), verified first; links and log are kept
 *   GET    jobs/:id                the ATS's open jobs, and the company's projects with the job each is linked to
 *   PUT    project-job/:id         links a project of the company to an open job (or unlinks it); a job
 *                                  linked to another project is refused on jobId, naming that project
 *   GET    last-sync[/:id]         the last sync's outcome per integration, and whether one is under way (status.ts)
 *   GET    ats-status?projectId=   a project's candidates as the ATS has them, for the project's readers (status.ts)
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  ATS_ENVIRONMENTS,
  ATS_KEYS,
  ATS_KINDS,
  atsKind,
  INTEGRATION_STATUS,
  RUN_STATUS,
  RUN_TRIGGER,
} from '../../../schema/rules/ats';
import { id, oneOf, optionalText } from '../../../schema/validation/inputs';
import { isLive } from '../../adapters/ats';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { badRequest, forbidden } from '../../errors';
import { textOrder } from '../../db/textOrder';
import {
  integrationById,
  linkProject,
  openCredentials,
  projectLinks,
  publicIntegration,
  queueSync,
  removalLockKey,
  replaceCredentials,
  sealCredentials,
  syncJobKey,
  type IntegrationRow,
} from './store';
import { apiKeyCredentials, checkedWithVendor, clientCredentials } from './connect';
import { statusEndpoints } from './status';
import { assertSyncCooldownOver } from './syncCooldown';

const READ = { action: 'read', subject: 'Integration' } as const;
const CREATE = { action: 'create', subject: 'Integration' } as const;
const own = (action: 'read' | 'update' | 'delete') => ({ entity: 'integration', action }) as const;
const ENVIRONMENTS = Object.values(ATS_ENVIRONMENTS);
const statusKey = (n: number) => Object.entries(RUN_STATUS).find(([, v]) => v === n)?.[0];

/** The company the caller manages integrations for: company Owners and Admins have exactly one. */
function companyOf(call: Pick<Call, 'actor'>): number {
  if (call.actor.companyId === undefined) throw forbidden('integrations.noPermission');
  return call.actor.companyId;
}

/** Stores a new integration (refusing a second of the same kind), names it as the company's ATS and queues its first sync. */
export async function saveIntegration(
  call: Pick<Call, 'actor' | 'ctx'>,
  values: {
    kind: string;
    environment: number;
    account?: string | null;
    credentials?: Record<string, unknown>;
    settings?: Record<string, unknown>;
  },
) {
  const companyId = companyOf(call);
  const { knex, config } = call.ctx;
  const saved = await knex.transaction(async (trx) => {
    await trx('companies').where('id', companyId).forUpdate().first('id');
    if (await trx('integrations').where({ company_id: companyId, kind: values.kind }).first('id'))
      throw badRequest({ kind: 'kind.errors.exists' }, 'integrations.alreadyAdded');
    const [row] = (await trx('integrations')
      .insert({
        company_id: companyId,
        kind: values.kind,
        environment: values.environment,
        status: values.credentials ? INTEGRATION_STATUS.connected : INTEGRATION_STATUS.recorded,
        account: values.account ?? null,
        credentials: values.credentials ? sealCredentials(config, values.credentials) : null,
        settings: values.settings ? JSON.stringify(values.settings) : null,
        created_by_id: call.actor.id ?? null,
      })
      .returning('*')) as IntegrationRow[];
    await trx('companies')
      .where('id', companyId)
      .update({ ats: publicIntegration(row).label, updated_at: trx.fn.now() });
    if (values.credentials) await queueSync(trx, row.id, RUN_TRIGGER.manual);
    return row;
  });
  return publicIntegration(saved);
}

const addBody = z.object({
  kind: z.enum(ATS_KEYS),
  environment: oneOf(ENVIRONMENTS).optional(),
  apiKey: optionalText(500),
  subdomain: optionalText(100),
  /** The system's name, for "Other". */
  name: optionalText(100),
});

/** What a recorded kind keeps besides its kind: "Other" keeps the name of the system, which it requires. */
function recordedSettings(kind: string, name?: string | null): Record<string, unknown> | undefined {
  if (kind !== 'other') return undefined;
  if (!name) throw badRequest({ name: 'name.errors.required' }, 'integrations.invalidInput');
  return { name };
}

/**
 * An integration's newest sync runs, newest first: how each started, how it ended and what it wrote.
 */
export async function runLog(knex: Knex, integrationId: number) {
  const runs = await knex('integration_runs')
    .where('integration_id', integrationId)
    .orderBy('id', 'desc')
    .limit(20)
    .select(
      'id',
      'trigger',
      'status',
      'created',
      'updated',
      'skipped',
      'failed',
      'entries',
      'error',
      'started_at',
      'finished_at',
    );
  return {
    data: runs.map((r) => ({
      id: r.id,
      trigger: r.trigger === RUN_TRIGGER.manual ? 'manual' : 'schedule',
      status: statusKey(r.status),
      created: r.created,
      updated: r.updated,
      skipped: r.skipped,
      failed: r.failed,
      entries: r.entries ?? [],
      error: r.error,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
    })),
  };
}

export const integrationEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/integrations/integration-list',
    summary: "The ATS kinds and the company's integrations",
    access: READ,
    handler: async (call) => {
      const rows = (await call.ctx.knex('integrations').where('company_id', companyOf(call))) as IntegrationRow[];
      const company = await call.ctx.knex('companies').where('id', companyOf(call)).first('ats');
      return {
        kinds: ATS_KINDS.map((k) => {
          const row = rows.find((r) => r.kind === k.key);
          return { ...k, integration: row ? publicIntegration(row) : null };
        }),
        companyAts: company?.ats ?? null,
        leverSignIn: Boolean(call.ctx.config.ats.lever.clientId && call.ctx.config.ats.lever.clientSecret),
      };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/integrations/add',
    summary: 'Connects an ATS by API key, or records one without a connection',
    access: CREATE,
    input: { body: addBody },
    status: 201,
    handler: async (call) => {
      const { kind, apiKey, subdomain } = call.body;
      const environment = call.body.environment ?? ATS_ENVIRONMENTS.production;
      const connect = atsKind(kind)?.connect;
      if (connect === 'clientCredentials' || connect === 'signIn')
        throw badRequest({ kind: 'kind.errors.invalid' }, 'integrations.invalidInput');
      if (connect === 'none')
        return saveIntegration(call, { kind, environment, settings: recordedSettings(kind, call.body.name) });
      const credentials = apiKeyCredentials(kind, apiKey, subdomain);
      if (
        await call.ctx
          .knex('integrations')
          .where({ company_id: companyOf(call), kind })
          .first('id')
      )
        throw badRequest({ kind: 'kind.errors.exists' }, 'integrations.alreadyAdded');
      const found = await checkedWithVendor(call.ctx, call.actor, companyOf(call), {
        kind,
        credentials,
        field: 'apiKey',
      });
      return saveIntegration(call, {
        kind,
        environment,
        account: found.account,
        credentials,
        settings: found.settings,
      });
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/integrations/greenhouse',
    summary: 'Connects Greenhouse Harvest v3 with OAuth client credentials',
    access: CREATE,
    input: {
      body: z.object({
        clientId: optionalText(200),
        clientSecret: optionalText(500),
        environment: oneOf(ENVIRONMENTS).optional(),
      }),
    },
    status: 201,
    handler: async (call) => {
      const credentials = clientCredentials(call.body.clientId, call.body.clientSecret);
      if (
        await call.ctx
          .knex('integrations')
          .where({ company_id: companyOf(call), kind: 'greenhouse' })
          .first('id')
      )
        throw badRequest({ kind: 'kind.errors.exists' }, 'integrations.alreadyAdded');
      const found = await checkedWithVendor(call.ctx, call.actor, companyOf(call), {
        kind: 'greenhouse',
        credentials,
        field: 'clientSecret',
      });
      return saveIntegration(call, {
        kind: 'greenhouse',
        environment: call.body.environment ?? ATS_ENVIRONMENTS.production,
        account: found.account,
        credentials,
      });
    },
  }),

  defineEndpoint({
    method: 'put',
    path: '/integrations/manual/sync/:id',
    summary: 'Starts a sync of an integration now',
    access: READ,
    row: own('update'),
    handler: async (call) => {
      const row = (await integrationById(call.ctx.knex, call.row.id as number))!;
      if (!isLive(row.kind) || !row.credentials) throw badRequest({}, 'integrations.notConnected');
      await assertSyncCooldownOver(call.ctx.knex, call.ctx.config, row.id);
      await queueSync(call.ctx.knex, row.id, RUN_TRIGGER.manual);
      return { success: true, message: 'integrations.syncQueued' };
    },
  }),

  defineEndpoint({
    method: 'delete',
    path: '/integrations/remove/:id',
    summary: 'Removes an integration with its credentials, links and run log',
    access: READ,
    row: own('delete'),
    handler: async (call) => {
      await call.ctx.knex.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [removalLockKey(call.row.id as number)]);
        const row = (await trx('integrations').where('id', call.row.id).forUpdate().first()) as
          IntegrationRow | undefined;
        if (!row) return;
        await trx('integrations').where('id', row.id).delete();
        await trx.raw('select graphile_worker.remove_job(?)', [syncJobKey(row.id)]);
        await trx('companies')
          .where({ id: row.company_id, ats: publicIntegration(row).label })
          .update({ ats: null, updated_at: trx.fn.now() });
      });
      return { success: true, message: 'integrations.removed' };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/integrations/run-log/:id',
    summary: "An integration's newest sync runs",
    access: READ,
    row: own('read'),
    handler: (call) => runLog(call.ctx.knex, call.row.id as number),
  }),

  defineEndpoint({
    method: 'get',
    path: '/integrations/jobs/:id',
    summary: "The ATS's open jobs and the projects linked to them",
    access: READ,
    row: own('read'),
    handler: async (call) => {
      const { knex } = call.ctx;
      const jobs = await knex('integration_jobs')
        .where({ integration_id: call.row.id, open: true })
        .orderByRaw(`${textOrder('title')}, remote_id`)
        .select('remote_id as id', 'title');
      return { jobs, projects: await projectLinks(knex, call.row.id as number, call.row.companyId as number) };
    },
  }),

  defineEndpoint({
    method: 'put',
    path: '/integrations/project-job/:id',
    summary: 'Links a project to an open job of the ATS, or unlinks it',
    access: READ,
    row: own('update'),
    input: {
      body: z.object({ projectId: id('project'), jobId: z.union([z.string().trim().min(1).max(200), z.null()]) }),
    },
    handler: async (call) => {
      const project = await call.ctx
        .knex('projects')
        .where({ id: call.body.projectId, company_id: call.row.companyId })
        .first('id');
      if (!project) throw badRequest({ projectId: 'projectId.errors.notFound' });
      await linkProject(call.ctx.knex, call.row.id as number, project.id, call.body.jobId);
      return { success: true };
    },
  }),

  defineEndpoint({
    method: 'put',
    path: '/integrations/credentials/:id',
    summary: "Replaces an integration's credentials in place, keeping its links",
    access: READ,
    row: own('update'),
    input: {
      body: z.object({ apiKey: optionalText(500), clientId: optionalText(200), clientSecret: optionalText(500) }),
    },
    handler: async (call) => {
      const { knex, config } = call.ctx;
      const row = (await integrationById(knex, call.row.id as number))!;
      const connect = atsKind(row.kind)?.connect;
      if (!isLive(row.kind) || row.status === INTEGRATION_STATUS.recorded)
        throw badRequest({}, 'integrations.notConnected');
      // Lever's tokens come from signing in again (lever.ts), not from a form.
      if (connect === 'signIn') throw badRequest({ kind: 'kind.errors.invalid' }, 'integrations.invalidInput');
      const { apiKey, clientId, clientSecret } = call.body;
      const stored = openCredentials(config, row);
      const credentials =
        connect === 'clientCredentials'
          ? clientCredentials(clientId, clientSecret)
          : apiKeyCredentials(row.kind, apiKey, typeof stored.subdomain === 'string' ? stored.subdomain : null);
      const found = await checkedWithVendor(call.ctx, call.actor, row.company_id, {
        kind: row.kind,
        credentials,
        field: connect === 'clientCredentials' ? 'clientSecret' : 'apiKey',
      });
      return publicIntegration(await replaceCredentials(knex, config, row.id, credentials, found));
    },
  }),
  ...statusEndpoints,
];
