/**
 * Candidates' consents (schema/rules/consents.ts): the signed-in candidate reads and changes their
 * own on the profile page, and accepts the terms and privacy notice in force when the portal asks
 * (their first sign-in, or a sign-in after the notice changed); an admin changes them on the
 * candidate's request received elsewhere, with a note of that request. Each change is one row per
 * purpose (candidate_consents, which keeps the admin's note of the request) and one entry of the
 * data rights log (which says only that a note was given: the log is append-only and outlives an
 * erasure, so it keeps no free text); a withdrawal takes effect at once because every surface
 * reads the rows in its own query.
 *   GET  /data-rights/consents                      the candidate's own, and whether the notice is to accept
 *   PUT  /data-rights/consents                      {shownToCompanies?, sentToAts?, aiMatch?, marketing?}
 *   POST /data-rights/consents/notice               {version, consents?}
 *   POST /data-rights/consents/notice/decline       {version}: the candidate refuses it (hidden from companies, writes
 *     other than consents, data rights and sign-out refused until they accept: noticeGate.ts)
 *   GET  /data-rights/notice                        anyone: the version in force (the terms and privacy pages' date)
 *   GET  /data-rights/candidates/:id/consents       admins
 *   PUT  /data-rights/candidates/:id/consents       admins: {consents, request}
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  CHOSEN_PURPOSES,
  CONSENT_PURPOSES,
  CONSENT_SOURCES,
  noticeStanding,
  type ConsentSource,
} from '../../../schema/rules/consents';
import type { Actor } from '../../../schema/roles';
import { id } from '../../../schema/validation/inputs';
import type { Config } from '../../config';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, notFound } from '../../errors';
import { cancelBookings } from '../../services/interviewBooking';
import { logDataRights } from './log';
import { candidateOf } from './own';

type Chosen = (typeof CHOSEN_PURPOSES)[number];
export type ConsentChoices = Partial<Record<Chosen, boolean>>;

interface ConsentRow {
  purpose: number;
  granted: boolean;
  version: string | null;
  source: number;
  decided_at: Date;
}

const keyOf = <T extends Record<string, number>>(values: T, n: number) =>
  Object.entries(values).find(([, v]) => v === n)?.[0];

/** A purpose's decision while none is recorded: not withdrawn means given, marketing apart (given only by choice). */
const byDefault = (purpose: Chosen): boolean => purpose !== 'marketing';

/** What the candidate's page and the console show: each purpose's decision, and the notice accepted against the one in force. */
export async function consentsView(knex: Knex | Knex.Transaction, candidateId: number, noticeVersion: string) {
  const rows = await knex<ConsentRow>('candidate_consents').where('candidate_id', candidateId).select('*');
  const byPurpose = new Map(rows.map((r) => [r.purpose, r]));
  const terms = byPurpose.get(CONSENT_PURPOSES.terms);
  const decision = (purpose: Chosen) => {
    const r = byPurpose.get(CONSENT_PURPOSES[purpose]);
    return {
      granted: r ? r.granted : byDefault(purpose),
      source: r ? keyOf(CONSENT_SOURCES, r.source) : null,
      decidedAt: r ? new Date(r.decided_at).toISOString() : null,
    };
  };
  return {
    noticeVersion,
    acceptedVersion: terms?.granted ? terms.version : null,
    acceptedAt: terms?.granted ? new Date(terms.decided_at).toISOString() : null,
    needsNotice: !terms?.granted || terms.version !== noticeVersion,
    /** The candidate refused the notice: hidden from companies, and only their data rights are open to them. */
    declined: noticeStanding(terms, noticeVersion) === 'declined',
    consents: Object.fromEntries(CHOSEN_PURPOSES.map((p) => [p, decision(p)])) as Record<
      Chosen,
      ReturnType<typeof decision>
    >,
  };
}

async function upsert(
  trx: Knex.Transaction,
  candidateId: number,
  purpose: number,
  granted: boolean,
  source: ConsentSource,
  version: string | null,
  note: string | null = null,
) {
  const now = new Date();
  const decision = { granted, version, source: CONSENT_SOURCES[source], request_note: note, decided_at: now };
  await trx('candidate_consents')
    .insert({ candidate_id: candidateId, purpose, ...decision })
    .onConflict(['candidate_id', 'purpose'])
    .merge({ ...decision, updated_at: now });
}

/**
 * Records the candidate's choices: each purpose whose decision changes gets its row and a log entry; unchanged ones
 * are left as they were. A purpose never recorded stands at its default (byDefault), so choosing the default for it
 * changes nothing: marketing left off at the notice is not logged as withdrawn, nor the others as given. An admin's `note` of the request is
 * kept on each changed row; the log entry says only that there was one. Returns the purposes changed.
 * Withdrawing `shownToCompanies` hides the person from companies as a pause does, so a booked interview is cancelled
 * with its calendar (services/interviewBooking.ts), as talent/effects.ts does for a pause.
 */
export async function decideConsents(
  trx: Knex.Transaction,
  config: Config,
  candidateId: number,
  choices: ConsentChoices,
  source: ConsentSource,
  actor: Actor,
  note?: string,
): Promise<Chosen[]> {
  const rows = await trx<ConsentRow>('candidate_consents')
    .where('candidate_id', candidateId)
    .whereIn('purpose', Object.values(CONSENT_PURPOSES))
    .forUpdate()
    .select('purpose', 'granted');
  const current = new Map(rows.map((r) => [r.purpose, r.granted]));
  const changed: Chosen[] = [];
  for (const purpose of CHOSEN_PURPOSES) {
    const granted = choices[purpose];
    if (granted === undefined || (current.get(CONSENT_PURPOSES[purpose]) ?? byDefault(purpose)) === granted) continue;
    await upsert(trx, candidateId, CONSENT_PURPOSES[purpose], granted, source, null, note ?? null);
    await logDataRights(trx, candidateId, granted ? 'consentGiven' : 'consentWithdrawn', actor, {
      purpose,
      source,
      ...(note ? { requestNoted: true } : {}),
    });
    changed.push(purpose);
  }
  if (changed.includes('shownToCompanies') && choices.shownToCompanies === false)
    await cancelBookings(trx, config, { candidateIds: [candidateId] });
  return changed;
}

/** The candidate accepts the notice `version` (the one in force), with their choices alongside. */
export async function acceptNotice(
  trx: Knex.Transaction,
  config: Config,
  candidateId: number,
  version: string,
  actor: Actor,
  choices: ConsentChoices,
): Promise<void> {
  const terms = (await trx('candidate_consents')
    .where({ candidate_id: candidateId, purpose: CONSENT_PURPOSES.terms })
    .forUpdate()
    .first('granted', 'version')) as Pick<ConsentRow, 'granted' | 'version'> | undefined;
  const source: ConsentSource = terms ? 'noticeChange' : 'firstSignIn';
  if (!terms?.granted || terms.version !== version) {
    await upsert(trx, candidateId, CONSENT_PURPOSES.terms, true, source, version);
    await logDataRights(trx, candidateId, 'noticeAccepted', actor, {
      version,
      previous: terms?.version ?? null,
      source,
    });
  }
  await decideConsents(trx, config, candidateId, choices, source, actor);
}

/**
 * The candidate declines the notice `version`: the refusal is a terms row not granted (which hides them from companies,
 * consents.ts consentWithdrawnSql) and a log entry with its reason; a booked interview is cancelled as for a pause.
 */
export async function declineNotice(
  trx: Knex.Transaction,
  config: Config,
  candidateId: number,
  version: string,
  actor: Actor,
): Promise<void> {
  const terms = (await trx('candidate_consents')
    .where({ candidate_id: candidateId, purpose: CONSENT_PURPOSES.terms })
    .forUpdate()
    .first('granted', 'version')) as Pick<ConsentRow, 'granted' | 'version'> | undefined;
  if (terms && !terms.granted && terms.version === version) return;
  const source: ConsentSource = terms ? 'noticeChange' : 'firstSignIn';
  await upsert(trx, candidateId, CONSENT_PURPOSES.terms, false, source, version);
  await logDataRights(trx, candidateId, 'noticeDeclined', actor, {
    version,
    previous: terms?.granted ? terms.version : null,
    source,
    reason: 'hiddenFromCompanies',
  });
  await cancelBookings(trx, config, { candidateIds: [candidateId] });
}

const choicesSchema = z
  .object(
    Object.fromEntries(CHOSEN_PURPOSES.map((p) => [p, z.boolean().optional()])) as Record<
      Chosen,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict();
const atLeastOne = (v: ConsentChoices) => Object.values(v).some((x) => x !== undefined);
const nothingChosen = { message: 'consents.errors.empty', path: [] as string[] };

const mine = defineEndpoint({
  method: 'get',
  path: '/data-rights/consents',
  summary: "The candidate's own consents, and whether the notice in force is still to accept",
  access: 'signedIn',
  handler: ({ actor, ctx }) => consentsView(ctx.knex, candidateOf(actor), ctx.config.dataRights.noticeVersion),
});

const change = defineEndpoint({
  method: 'put',
  path: '/data-rights/consents',
  summary: 'The candidate gives or withdraws consents; each takes effect at once',
  access: 'signedIn',
  input: { body: choicesSchema.refine(atLeastOne, nothingChosen) },
  handler: async ({ actor, body, ctx }) => {
    const candidateId = candidateOf(actor);
    await ctx.knex.transaction((trx) => decideConsents(trx, ctx.config, candidateId, body, 'profile', actor));
    return consentsView(ctx.knex, candidateId, ctx.config.dataRights.noticeVersion);
  },
});

const notice = defineEndpoint({
  method: 'post',
  path: '/data-rights/consents/notice',
  summary: 'The candidate accepts the terms and privacy notice in force, with their choices',
  access: 'signedIn',
  input: { body: z.object({ version: z.string().trim().min(1).max(40), consents: choicesSchema.optional() }) },
  handler: async ({ actor, body, ctx }) => {
    const candidateId = candidateOf(actor);
    const { noticeVersion } = ctx.config.dataRights;
    // A notice changed while the dialog was open is read again before it is accepted.
    if (body.version !== noticeVersion)
      throw new AppError(409, 'consents.errors.noticeChanged', undefined, { version: 'consents.errors.noticeChanged' });
    await ctx.knex.transaction((trx) =>
      acceptNotice(trx, ctx.config, candidateId, noticeVersion, actor, body.consents ?? {}),
    );
    return consentsView(ctx.knex, candidateId, noticeVersion);
  },
});

const decline = defineEndpoint({
  method: 'post',
  path: '/data-rights/consents/notice/decline',
  summary: 'The candidate declines the terms and privacy notice in force: hidden from companies, data rights kept',
  access: 'signedIn',
  input: { body: z.object({ version: z.string().trim().min(1).max(40) }) },
  handler: async ({ actor, body, ctx }) => {
    const candidateId = candidateOf(actor);
    const { noticeVersion } = ctx.config.dataRights;
    if (body.version !== noticeVersion)
      throw new AppError(409, 'consents.errors.noticeChanged', undefined, { version: 'consents.errors.noticeChanged' });
    await ctx.knex.transaction((trx) => declineNotice(trx, ctx.config, candidateId, noticeVersion, actor));
    return consentsView(ctx.knex, candidateId, noticeVersion);
  },
});

const inForce = defineEndpoint({
  method: 'get',
  path: '/data-rights/notice',
  summary: 'The version of the terms and privacy notice in force',
  access: 'public',
  handler: ({ ctx }) => ({ version: ctx.config.dataRights.noticeVersion }),
});

/** Admins only: the data rights log is readable by admins alone. */
const access = { action: 'read', subject: 'DataRightsLog' } as const;
const params = z.object({ id: id('candidate') });

async function existing(knex: Knex | Knex.Transaction, candidateId: number): Promise<number> {
  if (!(await knex('candidates').where('id', candidateId).first('id'))) throw notFound();
  return candidateId;
}

const ofCandidate = defineEndpoint({
  method: 'get',
  path: '/data-rights/candidates/:id/consents',
  summary: "An admin reads a candidate's consents",
  access,
  input: { params },
  handler: async ({ params: p, ctx }) =>
    consentsView(ctx.knex, await existing(ctx.knex, p.id), ctx.config.dataRights.noticeVersion),
});

const changeFor = defineEndpoint({
  method: 'put',
  path: '/data-rights/candidates/:id/consents',
  summary: "An admin records a candidate's consent decisions received elsewhere, with a note of the request",
  access,
  input: {
    params,
    body: z.object({
      consents: choicesSchema.refine(atLeastOne, nothingChosen),
      request: z.string().trim().min(1).max(2000),
    }),
  },
  handler: async ({ params: p, body, actor, ctx }) => {
    await ctx.knex.transaction(async (trx) => {
      await existing(trx, p.id);
      await decideConsents(trx, ctx.config, p.id, body.consents, 'admin', actor, body.request);
    });
    return consentsView(ctx.knex, p.id, ctx.config.dataRights.noticeVersion);
  },
});

export const consentEndpoints = [mine, change, notice, decline, inForce, ofCandidate, changeFor];
