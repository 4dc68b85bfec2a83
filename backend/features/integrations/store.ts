/**
 * Integrations as stored: credentials sealed and opened (AES-256-GCM, adapters/ats/secrets.ts),
 * the provider of a row with renewed tokens written back sealed (renewed one holder at a time, the
 * row locked, where a vendor's refresh tokens are single-use), what a client may read of a row
 * (never a credential), and the sync job, queued under one job key and one queue per integration
 * so a manual and a scheduled sync never run side by side; a company's projects with the job each is
 * linked to (one project per job, and one job per project, both held by unique indexes of
 * integration_links too: a job linked to a second project would have the sync add project B's
 * people to project A's applications), and credentials replaced in place, links kept.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { atsKind, INTEGRATION_STATUS, LINK_KIND, RUN_TRIGGER } from '../../../schema/rules/ats';
import { PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { AtsError, isLive, providerFor, type AtsErasure, type AtsProvider } from '../../adapters/ats';
import { leverProvider, type LeverTokenStore } from '../../adapters/ats/lever';
import type { LeverTokens } from '../../adapters/ats/leverAuth';
import { encryptionKey, open, seal } from '../../adapters/ats/secrets';
import type { Config } from '../../config';
import { textOrder } from '../../db/textOrder';
import { AppError, badRequest, notFound } from '../../errors';
import { queueJob } from '../../services/queue';

type Db = Knex | Knex.Transaction;

export interface IntegrationRow {
  id: number;
  company_id: number;
  kind: string;
  environment: number;
  status: number;
  account: string | null;
  credentials: string | null;
  /** One more each time the credentials are replaced (not when a vendor's tokens are renewed). */
  credentials_version: number;
  settings: Record<string, unknown> | null;
  candidates_synced: number;
  last_synced_at: Date | null;
  created_at: Date;
}

const keys = new Map<string, Buffer>();
function keyOf(config: Config): Buffer {
  const cacheKey = `${config.ats.encryptionKey ?? ''}\u0000${config.secret}`;
  let key = keys.get(cacheKey);
  if (!key) keys.set(cacheKey, (key = encryptionKey(config.ats.encryptionKey, config.secret)));
  return key;
}

export const sealCredentials = (config: Config, credentials: Record<string, unknown>): string =>
  seal(keyOf(config), credentials);

export const openCredentials = (config: Config, row: Pick<IntegrationRow, 'credentials'>): Record<string, unknown> =>
  row.credentials ? open<Record<string, unknown>>(keyOf(config), row.credentials) : {};

export async function integrationById(db: Db, id: number): Promise<IntegrationRow | undefined> {
  return db('integrations').where('id', id).first();
}

const renewing = new Map<number, Promise<Record<string, unknown>>>();

/**
 * Renews integration `id`'s stored credentials once for all who hold them: `renew` gets them as
 * stored, the row locked (SELECT ... FOR UPDATE) until its answer is stored sealed, so processes
 * take turns; it answers null to keep the stored ones. Callers in this process at once share one turn.
 */
function renewCredentials(
  db: Db,
  config: Config,
  id: number,
  renew: (stored: Record<string, unknown>) => Promise<Record<string, unknown> | null>,
): Promise<Record<string, unknown>> {
  const pending = renewing.get(id);
  if (pending) return pending;
  const turn = db
    .transaction(async (trx) => {
      const row = await trx('integrations').where('id', id).forUpdate().first('credentials');
      if (!row?.credentials) throw new AtsError('auth', 'the integration is no longer connected');
      const stored = openCredentials(config, row);
      const renewed = await renew(stored);
      if (!renewed) return stored;
      await trx('integrations')
        .where('id', id)
        .update({ credentials: sealCredentials(config, renewed), updated_at: new Date() });
      return renewed;
    })
    .finally(() => {
      if (renewing.get(id) === turn) renewing.delete(id);
    });
  renewing.set(id, turn);
  return turn;
}

/** The live provider of a connected integration; tokens it renews are stored sealed at once. */
export function providerOf(db: Db, config: Config, row: IntegrationRow): AtsProvider {
  if (!isLive(row.kind) || !row.credentials) throw new Error(`integration ${row.id} has no live connection`);
  const credentials = openCredentials(config, row);
  if (row.kind === 'lever') {
    // Single-use refresh tokens: renewed under the row's lock, from what is stored then.
    const store: LeverTokenStore = {
      renew: async (refresh) =>
        (await renewCredentials(db, config, row.id, async (stored) => {
          const renewed = await refresh(stored as unknown as LeverTokens);
          return renewed && { ...renewed };
        })) as unknown as LeverTokens,
      load: async () => {
        const now = await db('integrations').where('id', row.id).first('credentials');
        if (!now?.credentials) throw new AtsError('auth', 'the integration is no longer connected');
        return openCredentials(config, now) as unknown as LeverTokens;
      },
    };
    return leverProvider(config.ats, credentials as unknown as LeverTokens, row.settings ?? {}, undefined, store);
  }
  return providerFor(config.ats, row.kind, credentials, row.settings ?? {}, async (renewed) => {
    await db('integrations')
      .where('id', row.id)
      .update({ credentials: sealCredentials(config, renewed), updated_at: new Date() });
  });
}

/** What an erasure may ask of a connected ATS about a person (personEraser). */
export interface PersonEraser {
  /** The vendor's own erase call, where it has one. */
  erase?: (remoteCandidateId: string, remoteId?: string) => Promise<AtsErasure | void>;
  /** Whom an application is filed under now, where a vendor without the call says it (Lever). */
  personOf?: (remoteId: string) => Promise<string | null>;
}

/**
 * The vendor's own erase call for a person in integration `id`'s ATS, when the integration is still
 * connected live and its vendor has one (the records are otherwise listed for the company), and where it has
 * none, whom an application is filed under now if the vendor says; undefined when not connected live. Given the
 * application (`remoteId`), a vendor that follows it answers the person it is filed under now when that is another
 * (AtsErasure): nothing erased. Refusals come as AtsError, the vendor's retries done.
 */
export async function personEraser(db: Db, config: Config, id: number): Promise<PersonEraser | undefined> {
  const row = await integrationById(db, id);
  if (!row || !row.credentials || row.status === INTEGRATION_STATUS.recorded || !isLive(row.kind)) return undefined;
  const provider = providerOf(db, config, row);
  return { erase: provider.erasePerson?.bind(provider), personOf: provider.personOf?.bind(provider) };
}

/** What a company admin reads of an integration: never its credentials. */
export function publicIntegration(row: IntegrationRow) {
  return {
    id: row.id,
    kind: row.kind,
    // "Other" reads as the name the company gave its system.
    label:
      (row.kind === 'other' && typeof row.settings?.name === 'string' && row.settings.name) ||
      (atsKind(row.kind)?.label ?? row.kind),
    environment: row.environment,
    status: (Object.entries(INTEGRATION_STATUS).find(([, v]) => v === row.status)?.[0] ??
      'connected') as keyof typeof INTEGRATION_STATUS,
    live: isLive(row.kind) && row.status !== INTEGRATION_STATUS.recorded,
    account: row.account,
    candidatesSynced: row.candidates_synced,
    lastSyncedAt: row.last_synced_at,
    createdAt: row.created_at,
  };
}

export const syncJobKey = (id: number) => `integration_sync:${id}`;
/** The advisory lock a removal takes exclusively and each record's push shares (sync.ts whileConnected). */
export const removalLockKey = (id: number) => `integration_removal:${id}`;

/**
 * Queues the integration's sync, now or at `runAt`; a queued one is replaced, a running one is
 * followed by this one.
 */
export async function queueSync(
  db: Db,
  id: number,
  trigger: (typeof RUN_TRIGGER)[keyof typeof RUN_TRIGGER],
  runAt?: Date,
): Promise<void> {
  await queueJob(
    db,
    'sync_integration',
    { integrationId: id, trigger },
    { queueName: syncJobKey(id), jobKey: syncJobKey(id), maxAttempts: 3, ...(runAt && { runAt }) },
  );
}

/**
 * The company's projects as the integrations page links them: every project not closed, and any
 * project linked (closed or not), each with the job it is linked to, by title (and whether that
 * job is still open in the ATS), in the titles' alphabetical order (db/textOrder.ts).
 */
export async function projectLinks(db: Db, integrationId: number, companyId: number) {
  return db('projects as p')
    .leftJoin('integration_links as l', (on) =>
      on
        .on('l.local_id', 'p.id')
        .andOnVal('l.integration_id', integrationId)
        .andOnVal('l.local_kind', LINK_KIND.project),
    )
    .leftJoin('integration_jobs as j', (on) =>
      on.on('j.remote_id', 'l.remote_id').andOnVal('j.integration_id', integrationId),
    )
    .where('p.company_id', companyId)
    .where((q) => q.whereNot('p.status', PROJECT_STATUS.inactive).orWhereNotNull('l.id'))
    .orderByRaw(`${textOrder('p.title')}, p.id`)
    .limit(1000)
    .select(
      'p.id as projectId',
      'p.guid as projectGuid',
      'p.title as projectTitle',
      'l.remote_id as jobId',
      'j.title as jobTitle',
      db.raw('coalesce(j.open, false) as "jobOpen"'),
    );
}

/** The unique index that links a job of an integration to one project (schema/entities/integration.ts). */
const PROJECT_JOB_INDEX = 'integration_links_integration_id_remote_id_project_job';

/**
 * Links project `projectId` to open job `jobId` of integration `integrationId` (null unlinks it).
 * A job already linked to another project of the integration is refused on `jobId`, naming that
 * project (a link left by a project no longer there is dropped, not counted); links of one integration
 * are written one at a time, so two at once cannot both pass. The database holds the same rule (a
 * unique index on a job's project links, PROJECT_JOB_INDEX): a writer that passed by the lock is
 * refused on `jobId` too, never with a 500.
 */
export async function linkProject(db: Knex, integrationId: number, projectId: number, jobId: string | null) {
  const where = { integration_id: integrationId, local_kind: LINK_KIND.project, local_id: projectId };
  if (jobId === null) return db('integration_links').where(where).delete();
  await db
    .transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`integration_project_links:${integrationId}`]);
      const job = await trx('integration_jobs')
        .where({ integration_id: integrationId, remote_id: jobId, open: true })
        .first('remote_id');
      if (!job) throw badRequest({ jobId: 'jobId.errors.notFound' });
      // A link of a project no longer there holds the job for nobody (a project's delete takes its links, by trigger).
      await trx('integration_links as l')
        .where({ 'l.integration_id': integrationId, 'l.local_kind': LINK_KIND.project, 'l.remote_id': jobId })
        .whereNotExists((q) => q.select(1).from('projects as p').whereRaw('p.id = l.local_id'))
        .delete();
      const other = await trx('integration_links as l')
        .join('projects as p', 'p.id', 'l.local_id')
        .where({ 'l.integration_id': integrationId, 'l.local_kind': LINK_KIND.project, 'l.remote_id': jobId })
        .whereNot('l.local_id', projectId)
        .first('p.id', 'p.guid', 'p.title');
      if (other)
        throw new AppError(
          400,
          'integrations.jobLinkedElsewhere',
          t('integrations.jobLinkedElsewhere', { project: other.title }),
          { jobId: 'jobId.errors.linkedElsewhere' },
          { linkedProject: { id: other.id, guid: other.guid, title: other.title } },
        );
      await trx('integration_links')
        .insert({ ...where, remote_id: job.remote_id })
        .onConflict(['integration_id', 'local_kind', 'local_id'])
        .merge({ remote_id: job.remote_id, updated_at: new Date() });
    })
    .catch((err: unknown) => {
      const pg = ((err as { nativeError?: unknown })?.nativeError ?? err) as { code?: string; constraint?: string };
      if (pg?.code === '23505' && pg.constraint === PROJECT_JOB_INDEX)
        throw badRequest({ jobId: 'jobId.errors.linkedElsewhere' });
      throw err;
    });
}

/**
 * Replaces integration `id`'s credentials in place with `credentials` the vendor has just accepted
 * (`found`): its links, jobs and run log stay, its status is connected again, and a sync is queued.
 * Settings learnt from the vendor are merged over those kept; their version is one more (a run still
 * under way with the old ones marks nothing by their refusal, sync.ts). A row removed meanwhile is 404.
 */
export async function replaceCredentials(
  db: Knex,
  config: Config,
  id: number,
  credentials: Record<string, unknown>,
  found: { account?: string | null; settings?: Record<string, unknown> },
): Promise<IntegrationRow> {
  return db.transaction(async (trx) => {
    const row = (await trx('integrations').where('id', id).forUpdate().first()) as IntegrationRow | undefined;
    if (!row) throw notFound('integrations.notFound');
    const [saved] = (await trx('integrations')
      .where('id', id)
      .update({
        credentials: sealCredentials(config, credentials),
        credentials_version: trx.raw('credentials_version + 1'),
        status: INTEGRATION_STATUS.connected,
        account: found.account ?? row.account,
        settings: JSON.stringify({ ...(row.settings ?? {}), ...(found.settings ?? {}) }),
        updated_at: new Date(),
      })
      .returning('*')) as IntegrationRow[];
    await queueSync(trx, id, RUN_TRIGGER.manual);
    return saved;
  });
}
