/**
 * WhatsApp qualify requests (spec sections 1 and 7) and the provider's webhook:
 *   POST projects/candidate/send/qualify/request            admins: a template (header, body) to one or many candidates
 *   GET  projects/candidate/get/qualify/request/template    admins: the default template and the ones sent after `after`
 *   GET  projects/candidate/qualify/requests?candidate_id=  admins: a candidate's qualify requests and replies
 *   GET  whatsapp/webhook                                   the provider's verification (hub.challenge echoed)
 *   POST whatsapp/webhook                                   signed deliveries: statuses and replies (yes, no, text or
 *                                                           an opt-out, which turns WhatsApp off for the number's
 *                                                           candidates: whatsappOutbox.ts optOutNumber)
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { t } from '../../../i18n';
import type { Actor } from '../../../schema/roles';
import { id } from '../../../schema/validation/inputs';
import { JD_LIMITS, QUALIFY_REPEAT_HOURS, QUALIFY_STATE } from '../../../schema/rules/pipeline';
import { readWebhook, whatsappFor, type WhatsappAdapter } from '../../adapters/whatsapp';
import type { Config } from '../../config';
import { statusSql, viewerOf } from '../../../schema/rules/visibility';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, forbidden } from '../../errors';
import { qualifyAnswered } from '../notifications';
import { camelKeys, qualifyBody } from './inputs';
import { replyKind } from './rules';
import { templateText } from './templateText';
import { qualifyRequestsOf } from './qualifyRows';
import { optOutNumber, queueWhatsapp, UNDELIVERABLE_REASONS } from './whatsappOutbox';
import { recordMessageStatus } from './whatsappStatus';
import { ownContacts } from '../../services/candidateGate';
import { locationCountries, phoneKey, phoneTailSql } from '../../services/phoneKeys';

const REPLY = { yes: 1, no: 2, text: 3, optOut: 4 } as const;

// One adapter per WhatsApp configuration and environment (tests change them; production without keys is unavailable).
const adapters = new WeakMap<Config['whatsapp'], { env: Config['env']; adapter: WhatsappAdapter }>();
export function whatsapp(config: Config): WhatsappAdapter {
  const known = adapters.get(config.whatsapp);
  if (known?.env === config.env) return known.adapter;
  const adapter = whatsappFor(config);
  adapters.set(config.whatsapp, { env: config.env, adapter });
  return adapter;
}

/**
 * The qualify request a reply answers, of a candidate admins still meet (statusSql: not paused, not erased; as
 * sending reads): a reply from one who paused or was erased since is not recorded. A reply quoting a message answers
 * that message: one that is not a qualify request (an interview request's) is not taken for the latest qualify request
 * of the number, which may be another project's. A reply quoting none answers the number's newest request that went
 * out and awaits its answer (sent or delivered: not queued or failed), or whose answer so far is a message of text
 * (a question: a yes or no typed after it is the answer), and was made in the QUALIFY_REPEAT_HOURS before the reply,
 * the hours in which a candidate is asked once at most. An opt-out quoting none answers the newest request that went
 * out, whatever its answer so far, so admins read that the candidate opted out.
 */
async function repliedRequest(
  trx: Knex.Transaction,
  reply: { contextId?: string; from: string; kind: keyof typeof REPLY },
  sentAt: Date,
) {
  const { contextId, from, kind } = reply;
  const q = trx('qualify_requests as q')
    .join('candidates as rc', 'rc.id', 'q.candidate_id')
    .whereRaw(statusSql('admin', 'rc'));
  if (contextId) return q.where('q.provider_message_id', contextId).first('q.id');
  // The number as WhatsApp STOP compares it (whatsappOutbox.ts optOutNumber): "8755 9036" in Singapore is 6587559036.
  const number = phoneKey(from);
  if (!number) return undefined;
  const near = (await q
    .where(phoneTailSql(trx, 'q.to_phone', number))
    .where((w) =>
      w
        .whereIn('q.state', [QUALIFY_STATE.sent, QUALIFY_STATE.delivered])
        .orWhere((replied) =>
          kind === 'optOut'
            ? replied.where('q.state', QUALIFY_STATE.replied)
            : replied.where({ 'q.state': QUALIFY_STATE.replied, 'q.reply': REPLY.text }),
        ),
    )
    .where('q.created_at', '>', new Date(sentAt.getTime() - QUALIFY_REPEAT_HOURS * 3_600_000))
    .orderBy('q.id', 'desc')
    .select('q.id', 'q.to_phone', 'rc.current_location_id')) as Asked[];
  const countries = await locationCountries(
    trx,
    near.map((r) => r.current_location_id),
  );
  return near.find((r) => phoneKey(r.to_phone, countries.get(r.current_location_id ?? -1)) === number);
}

interface Asked {
  id: number;
  to_phone: string | null;
  current_location_id: number | null;
}

/** Records what one verified delivery reports; safe to receive twice. */
export async function recordWebhook(
  knex: Knex,
  body: unknown,
  config: Config,
): Promise<{ statuses: number; replies: number }> {
  const events = readWebhook(body);
  let statuses = 0;
  let replies = 0;
  await knex.transaction(async (trx) => {
    for (const s of events.statuses) {
      const state =
        s.status === 'failed'
          ? QUALIFY_STATE.failed
          : s.status === 'delivered' || s.status === 'read'
            ? QUALIFY_STATE.delivered
            : undefined;
      await recordMessageStatus(trx, s);
      if (state === undefined) continue;
      statuses += await trx('qualify_requests')
        .where('provider_message_id', s.id)
        .whereIn('state', [QUALIFY_STATE.queued, QUALIFY_STATE.sent, QUALIFY_STATE.delivered])
        .update({ state, updated_at: trx.fn.now() });
    }
    for (const r of events.replies) {
      const kind = replyKind(r.text, r.payload);
      const sentAt = r.sentAt ?? new Date();
      // An opt-out is honoured whichever message it answers, or none.
      if (kind === 'optOut') await optOutNumber(trx, r.from);
      const request = await repliedRequest(trx, { contextId: r.contextId, from: r.from, kind }, sentAt);
      if (!request) continue;
      const changed = await trx('qualify_requests')
        .where('id', request.id)
        // The same delivery again, or an older reply arriving late, changes nothing; nor does a message of text after
        // a yes or a no (a "thanks"). A later yes or no is the candidate changing their mind, though not after an
        // opt-out (turning WhatsApp on again is theirs to do on their profile); an opt-out replaces any answer.
        .where((q) => (r.id ? q.whereRaw('reply_message_id is distinct from ?', [r.id]) : q))
        .where((q) => q.whereNull('replied_at').orWhere('replied_at', '<=', sentAt))
        .where((q) => (kind === 'text' ? q.whereNull('reply').orWhere('reply', REPLY.text) : q))
        .where((q) => (kind === 'optOut' ? q : q.whereRaw('reply is distinct from ?', [REPLY.optOut])))
        .update({
          state: QUALIFY_STATE.replied,
          reply: REPLY[kind],
          reply_text: r.text,
          replied_at: sentAt,
          reply_message_id: r.id ?? null,
          updated_at: trx.fn.now(),
        });
      replies += changed;
      const answered = await trx('qualify_requests').where('id', request.id).first('project_id', 'candidate_id');
      if (changed && answered?.project_id)
        await qualifyAnswered(trx, config, answered.project_id, answered.candidate_id, kind === 'optOut');
    }
  });
  return { statuses, replies };
}

const replyName = (n: number | null) =>
  (Object.keys(REPLY) as (keyof typeof REPLY)[]).find((k) => REPLY[k] === n) ?? null;
const stateName = (n: number) =>
  (Object.keys(QUALIFY_STATE) as (keyof typeof QUALIFY_STATE)[]).find((k) => QUALIFY_STATE[k] === n) ?? 'queued';

/**
 * Of `candidateIds`, those sent a qualify request in the last QUALIFY_REPEAT_HOURS. Locked per candidate first (as
 * send.ts recentWhatsapp locks interview requests), so of two sends at once to one candidate the second reads the
 * first's request once it commits, and skips them. A request that failed on the provider's side (or because WhatsApp
 * is not configured) reached nobody and does not count; one refused because the candidate could no longer receive it
 * (paused, unmarked or changed their number: whatsappOutbox.ts) still does.
 */
async function askedRecently(trx: Knex.Transaction, candidateIds: number[]): Promise<Set<number>> {
  for (const cid of [...candidateIds].sort((a, b) => a - b))
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`qualify-request:${cid}`]);
  return new Set(
    (await trx('qualify_requests')
      .whereIn('candidate_id', candidateIds)
      .where('created_at', '>', new Date(Date.now() - QUALIFY_REPEAT_HOURS * 3_600_000))
      .where((q) =>
        q
          .whereNot('state', QUALIFY_STATE.failed)
          .orWhereExists((refused) =>
            refused
              .from('whatsapp_messages as m')
              .whereRaw('m.qualify_request_id = qualify_requests.id')
              .whereIn('m.error', UNDELIVERABLE_REASONS),
          ),
      )
      .pluck('candidate_id')) as number[],
  );
}

/**
 * Sends a WhatsApp qualify request (header and body) to each candidate the sender meets who has a
 * phone marked WhatsApp and was not asked in the last QUALIFY_REPEAT_HOURS, queued in one transaction; the others
 * are answered as skipped, and none left is a 409.
 */
export async function sendQualifyRequests(knex: Knex, actor: Actor, body: z.output<typeof qualifyBody>) {
  // Only candidates the sender meets (schema/rules/visibility.ts); any other id is not found.
  const met = await knex('candidates as sought')
    .whereIn('sought.id', body.candidateId)
    .whereRaw(statusSql(viewerOf(actor), 'sought'))
    .pluck('sought.id');
  // Their own phones, to address the request to them.
  const candidates = [...(await ownContacts(knex, met)).values()];
  const unknown = body.candidateId.filter((cid) => !candidates.some((c) => c.id === cid));
  if (unknown.length)
    throw new AppError(404, 'project.candidate.notFound', undefined, undefined, {
      candidateIds: unknown.map((n) => `Candidate:${n}`),
    });
  // Only a number the candidate marked as WhatsApp ('Phone has WhatsApp'), as interview requests (send.ts); an opt-out
  // reply unmarks it (whatsappOutbox.ts optOutNumber), so one who opted out is not messaged until they mark it again.
  const withPhone = candidates.flatMap((c) => (c.phone && c.phoneWhatsapp ? [{ id: c.id, phone: c.phone }] : []));
  // Stored as typed; sent to WhatsApp as one line each (templateText.ts), the default template's words for a blank one.
  const parameters = {
    header: templateText(body.header, t('project.qualify.template.header'), JD_LIMITS.header),
    body: templateText(body.body, t('project.qualify.template.body'), JD_LIMITS.body),
  };
  const { ids, skipped } = await knex.transaction(async (trx) => {
    // A candidate asked in the last QUALIFY_REPEAT_HOURS is not messaged again (each message is paid, and one person
    // should not receive the same question twice in a day): skipped, as one without a phone marked WhatsApp is.
    const recent = await askedRecently(
      trx,
      withPhone.map((c) => c.id),
    );
    const reachable = withPhone.filter((c) => !recent.has(c.id));
    const left = body.candidateId.filter((cid) => !reachable.some((c) => c.id === cid));
    if (!reachable.length) {
      const key = withPhone.length ? 'project.qualify.errors.askedRecently' : 'project.qualify.errors.noWhatsapp';
      throw new AppError(409, key, undefined, undefined, { candidateIds: left.map((n) => `Candidate:${n}`) });
    }
    if (body.projectId && !(await trx('projects').where('id', body.projectId).first('id')))
      throw new AppError(404, 'project.notFound');
    const out: number[] = [];
    for (const c of reachable) {
      const [row] = await trx('qualify_requests')
        .insert({
          candidate_id: c.id,
          project_id: body.projectId ?? null,
          sent_by_admin_id: actor.id ?? null,
          to_phone: c.phone,
          header: body.header,
          body: body.body,
        })
        .returning('id');
      await queueWhatsapp(trx, {
        to: c.phone,
        template: 'qualify_request',
        components: [
          { type: 'header', parameters: [{ type: 'text', text: parameters.header }] },
          { type: 'body', parameters: [{ type: 'text', text: parameters.body }] },
        ],
        preview: `${body.header}\n${body.body}\n(Reply YES or NO)`,
        qualifyRequestId: row.id,
      });
      out.push(row.id);
    }
    return { ids: out, skipped: left };
  });
  return {
    success: true,
    message: t('project.qualify.sent', { count: ids.length }),
    sent: ids.map((n) => `QualifyRequest:${n}`),
    skipped: skipped.map((n) => `Candidate:${n}`),
  };
}

export const qualifyEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/projects/candidate/send/qualify/request',
    summary: 'Admins send a WhatsApp qualify request (header and body) to one or many candidates',
    access: { action: 'create', subject: 'QualifyRequest' },
    input: { body: qualifyBody },
    status: 201,
    handler: ({ body, actor, ctx }) => {
      // Production without WhatsApp credentials: refused, never pretended (no request is recorded).
      if (whatsapp(ctx.config).mode === 'unavailable') throw new AppError(409, 'whatsapp.errors.unavailable');
      return sendQualifyRequests(ctx.knex, actor, body);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/candidate/get/qualify/request/template',
    summary:
      'Admins: the qualify-request template, its limits, the templates sent after a date and whether WhatsApp is ' +
      'available (not in production without credentials: the portal offers no Send then)',
    access: { action: 'create', subject: 'QualifyRequest' },
    input: {
      query: z.object({
        after: z.iso
          .date()
          .or(z.iso.datetime({ offset: true }))
          .optional(),
      }),
    },
    handler: async ({ query, ctx }) => {
      const after = query.after ? new Date(query.after) : new Date(Date.now() - 30 * 24 * 3600 * 1000);
      const recent = await ctx
        .knex('qualify_requests')
        .where('created_at', '>', after)
        .groupBy('header', 'body')
        .select(
          'header',
          'body',
          ctx.knex.raw('max(created_at) as last_sent_at'),
          ctx.knex.raw('count(*)::int as times'),
        )
        .orderBy('last_sent_at', 'desc')
        .limit(20);
      return {
        success: true,
        data: {
          header: t('project.qualify.template.header'),
          body: t('project.qualify.template.body'),
          limits: { header: JD_LIMITS.header, body: JD_LIMITS.body },
          available: whatsapp(ctx.config).mode !== 'unavailable',
          recent: recent.map((r) => ({
            header: r.header,
            body: r.body,
            lastSentAt: new Date(r.last_sent_at).toISOString(),
            times: r.times,
          })),
        },
      };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/candidate/qualify/requests',
    summary: "Admins: a candidate's qualify requests and their replies",
    access: { action: 'read', subject: 'QualifyRequest' },
    input: { query: z.preprocess(camelKeys, z.object({ candidateId: id('candidate') })) },
    // Only admins read qualify requests (the entity's permissions).
    handler: async ({ query, ctx }) => {
      const rows = await qualifyRequestsOf(ctx.knex, query.candidateId);
      return {
        success: true,
        data: rows.map((r) => ({
          id: `QualifyRequest:${r.id}`,
          projectId: r.project_id ? `Project:${r.project_id}` : null,
          header: r.header,
          body: r.body,
          state: stateName(r.state),
          failureReason: r.state === QUALIFY_STATE.failed ? (r.failure_reason ?? null) : null,
          reply: replyName(r.reply),
          replyText: r.reply_text,
          repliedAt: r.replied_at ? new Date(r.replied_at).toISOString() : null,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/whatsapp/webhook',
    summary: "The WhatsApp provider's webhook verification: echoes hub.challenge for the configured verify token",
    access: 'public',
    input: {
      query: z.looseObject({
        'hub.mode': z.string().max(40).optional(),
        'hub.verify_token': z.string().max(200).optional(),
        'hub.challenge': z.string().max(200).optional(),
      }),
    },
    raw: true,
    handler: ({ query, ctx, res }) => {
      const challenge = whatsapp(ctx.config).verifyChallenge({
        mode: query['hub.mode'],
        token: query['hub.verify_token'],
        challenge: query['hub.challenge'],
      });
      if (!challenge) throw forbidden('whatsapp.errors.verification');
      res.status(200).type('text/plain').send(challenge);
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/whatsapp/webhook',
    summary:
      "The WhatsApp provider's signed deliveries (X-Hub-Signature-256): message statuses and candidates' replies",
    access: 'public',
    input: { body: z.looseObject({}) },
    handler: async ({ req, body, ctx }) => {
      if (!whatsapp(ctx.config).verifySignature(req.rawBody, req.get('x-hub-signature-256')))
        throw new AppError(401, 'whatsapp.errors.signature');
      return { received: true, ...(await recordWebhook(ctx.knex, body, ctx.config)) };
    },
  }),
];
