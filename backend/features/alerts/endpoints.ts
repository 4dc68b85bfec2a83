/**
 * The alert routes:
 *   GET  /alerts/projects/:projectId           the caller's alert on a project and its waiting news: `newCount` and
 *                                              `newCandidateIds` hold only the candidates the caller still reaches in
 *                                              the project (reached.ts), the same `/new` lists
 *   PUT  /alerts/projects/:projectId           {on, frequency?, timeZone?}: turn it on, change or off (a zone both
 *                                              the runtime and PostgreSQL know, else 400 timeZone.errors.invalid)
 *                                              A project that is not active (paused, closed) takes no new alert:
 *                                              400 {on: alerts.errors.inactive}; one already on stays, silent
 *                                              until the project is active again (`projectActive` says which)
 *                                              While the platform has the company's alerts off, only turning on
 *                                              or raising the frequency is 403 alerts.errors.off; a changed
 *                                              frequency starts a new digest period (digest.ts)
 *   GET  /alerts/projects/:projectId/new       the new candidates as search's cards show them to the caller, only those
 *                                              the caller still reaches in the project (reached.ts, the rule of
 *                                              pipeline's `reachableIds`); its `newCount` is the panel's
 *   POST /alerts/projects/:projectId/looked    the caller saw the news: they stop being new
 *   GET  /alerts/unsubscribe?s=&t=             public page of the digest's link (a scanner's GET changes nothing)
 *   POST /alerts/unsubscribe?s=&t=             public one-click unsubscribe (RFC 8058: the List-Unsubscribe header's
 *                                              target, body `List-Unsubscribe=One-Click` or none): the digest stops;
 *                                              again, or after the alert was removed, the same answer
 * :projectId is 'Project:N', N or the project's guid (the portal's address names a project by its guid).
 * A project the caller may not read is 404 (another company's, a Member's unshared one); one they
 * read but whose alerts are not theirs (not its owner, shared member or advocate) is 403.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { t } from '../../../i18n';
import { ALERT_FREQUENCY, ALERT_NEWS_STATE } from '../../../schema/entities/alert';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import type { Actor } from '../../../schema/roles';
import { flag } from '../../../schema/validation/inputs';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest, forbidden } from '../../errors';
import { loadProject, type ProjectRow } from '../pipeline';
import { projectRef, type ProjectRef } from '../projects';
import { labelsFor, loadResults, searchContext } from '../search';
import { startRecord } from './match';
import { reachedNews } from './reached';
import { filtersOf } from './searchNews';
import { validToken } from './tokens';
import { storableZone } from '../../services/zones';
import { escapeHtml as escape, htmlPage as page } from '../../services/htmlPage';
import { mayReceiveAlerts, personOf, type Person } from '../../../schema/rules/alerts';
import { PROJECT_STATUS } from '../../../schema/rules/pipeline';

const FREQUENCY_NAME = Object.fromEntries(Object.entries(ALERT_FREQUENCY).map(([k, v]) => [v, k])) as Record<
  number,
  keyof typeof ALERT_FREQUENCY
>;
const candidateDef = entity('candidate');
type Ability = Parameters<typeof loadProject>[1];

/** The project as the caller reads it (404 otherwise) and the caller as its alerts' person (403 otherwise). */
async function projectAndPerson(
  knex: Knex,
  ability: Ability,
  actor: Actor,
  projectId: ProjectRef,
): Promise<{ project: ProjectRow; person: Person }> {
  const project = await loadProject(knex, ability, refOf(projectId));
  const person = personOf(actor);
  if (!person || !mayReceiveAlerts(actor, project)) throw forbidden('alerts.errors.notYours');
  return { project, person };
}

const companyOff = async (knex: Knex, companyId: number | null) =>
  companyId !== null &&
  Boolean(await knex('alert_company_settings').where({ company_id: companyId, alerts_off: true }).first('id'));

/** How much a frequency emails: off, then weekly, then daily. */
const RANK: Record<number, number> = {
  [ALERT_FREQUENCY.off]: 0,
  [ALERT_FREQUENCY.weekly]: 1,
  [ALERT_FREQUENCY.daily]: 2,
};

/**
 * While the platform has the company's alerts off, its people may still lower theirs (to weekly, to the app only, a
 * new zone) and turn them off; turning one on or raising its frequency is 403 alerts.errors.off.
 */
async function refuseRaiseWhenOff(
  knex: Knex,
  project: ProjectRow,
  key: Record<string, number>,
  frequency: number | undefined,
): Promise<void> {
  if (!(await companyOff(knex, project.companyId))) return;
  const sub = await knex('alert_subscriptions').where(key).first('frequency');
  if (!sub || (frequency !== undefined && RANK[frequency] > RANK[sub.frequency as number]))
    throw forbidden('alerts.errors.off');
}

/** A project that is not active takes no new alert (the run serves active projects only, who.ts); one on stays. */
async function refuseNewWhenInactive(knex: Knex, project: ProjectRow, key: Record<string, number>): Promise<void> {
  if (project.status === PROJECT_STATUS.active) return;
  if (!(await knex('alert_subscriptions').where(key).first('id'))) throw badRequest({ on: 'alerts.errors.inactive' });
}

/**
 * The caller's alert on the project, as the project page shows it: its count and its new candidates are the news the
 * caller still reaches in the project (reached.ts), the same the list of new cards shows.
 */
async function alertState(knex: Knex, ability: Ability, actor: Actor, project: ProjectRow, person: Person) {
  const sub = await knex('alert_subscriptions')
    .where({ project_id: project.id, recipient_kind: person.kind, recipient_id: person.id })
    .first('id', 'frequency', 'time_zone', 'last_looked_at', 'created_at');
  const news = sub ? await reachedNews(knex, ability, actor, project, sub.id as number) : [];
  return {
    subscribed: Boolean(sub),
    frequency: sub ? FREQUENCY_NAME[sub.frequency as number] : 'daily',
    timeZone: (sub?.time_zone as string | undefined) ?? null,
    offForCompany: await companyOff(knex, project.companyId),
    /** Alerts fire only while the project is active. */
    projectActive: project.status === PROJECT_STATUS.active,
    /** The project's saved search (its query), which the search page opens. */
    filters: filtersOf(project.currentUrl),
    newCount: news.length,
    /** The day the count runs from: when the person last looked, else when the alert began. */
    since: sub ? new Date((sub.last_looked_at ?? sub.created_at) as Date).toISOString() : null,
    newCandidateIds: news.map((id) => String(formatId(candidateDef, id))),
  };
}

/** A changed frequency starts a new digest period now, so the first digest goes out at the next 08:00. */
const periodRestart = (knex: Knex, frequency: number | undefined) =>
  frequency === undefined
    ? {}
    : {
        digest_handled_at: knex.raw(
          'case when alert_subscriptions.frequency = excluded.frequency then alert_subscriptions.digest_handled_at else now() end',
        ),
      };

// 'Project:N', N or the project's guid, as its page's address names it (the page's first read is announced with it).
const projectParams = z.object({ projectId: projectRef });
const refOf = (ref: ProjectRef) => (typeof ref === 'number' ? { id: ref } : { guid: ref });

/** The digest's unsubscribe link, also its List-Unsubscribe header's one-click target. */
export const UNSUBSCRIBE_PATH = '/alerts/unsubscribe';

const unsubscribeQuery = z.object({
  s: z.coerce.number().int().positive().max(2147483647),
  t: z.string().max(128),
});

/** The subscription a valid link names, with its project's title; undefined for a wrong signature or a removed alert. */
async function linkTarget(knex: Knex, config: Parameters<typeof validToken>[0], s: number, token: string) {
  if (!validToken(config, s, token)) return undefined;
  return knex('alert_subscriptions as a')
    .join('projects as p', 'p.id', 'a.project_id')
    .where('a.id', s)
    .first('a.id', 'p.title') as Promise<{ id: number; title: string } | undefined>;
}

export const alertEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/alerts/projects/:projectId',
    summary: "The caller's alert on a project's saved filters and the candidates new to them",
    access: { action: 'read', subject: 'Project' },
    input: { params: projectParams },
    handler: async ({ params, ability, actor, ctx }) => {
      const project = await loadProject(ctx.knex, ability, refOf(params.projectId));
      const person = personOf(actor);
      if (!person || !mayReceiveAlerts(actor, project))
        return { eligible: false, subscribed: false, newCount: 0, newCandidateIds: [] };
      return { eligible: true, ...(await alertState(ctx.knex, ability, actor, project, person)) };
    },
  }),

  defineEndpoint({
    method: 'put',
    path: '/alerts/projects/:projectId',
    summary: "Turns the caller's alert on a project on (with the digest's frequency and time zone) or off",
    access: { action: 'read', subject: 'Project' },
    input: {
      params: projectParams,
      body: z.object({
        on: flag(),
        frequency: z.enum(['off', 'daily', 'weekly'], { error: 'frequency.errors.invalid' }).optional(),
        timeZone: z.string().max(64).optional(),
      }),
    },
    handler: async ({ params, body, ability, actor, ctx }) => {
      const { project, person } = await projectAndPerson(ctx.knex, ability, actor, params.projectId);
      const key = { project_id: project.id, recipient_kind: person.kind, recipient_id: person.id };
      if (!body.on) {
        await ctx.knex('alert_subscriptions').where(key).delete();
        return { eligible: true, ...(await alertState(ctx.knex, ability, actor, project, person)) };
      }
      // A zone the runtime knows but PostgreSQL does not would fail the digest's SQL: refused as unknown.
      const zone = body.timeZone === undefined ? undefined : await storableZone(ctx.knex, body.timeZone);
      if (body.timeZone !== undefined && !zone) throw badRequest({ timeZone: 'timeZone.errors.invalid' });
      const frequency = body.frequency ? ALERT_FREQUENCY[body.frequency] : undefined;
      await refuseRaiseWhenOff(ctx.knex, project, key, frequency);
      await refuseNewWhenInactive(ctx.knex, project, key);
      const values = { ...(frequency !== undefined ? { frequency } : {}), ...(zone ? { time_zone: zone } : {}) };
      // A new alert starts from what its saved search finds today (startRecord): only later matches are news. Its
      // digest period starts now (the column's default), and again when the frequency changes (digest.ts).
      const [sub] = await ctx
        .knex('alert_subscriptions')
        .insert({ ...key, company_id: project.companyId, matched_url: project.currentUrl, ...values })
        .onConflict(['project_id', 'recipient_kind', 'recipient_id'])
        .merge({ ...values, ...periodRestart(ctx.knex, frequency), updated_at: ctx.knex.fn.now() })
        .returning(['id', 'matched_at']);
      if (!sub.matched_at) await startRecord(ctx.knex, sub.id as number);
      return { eligible: true, ...(await alertState(ctx.knex, ability, actor, project, person)) };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/alerts/projects/:projectId/new',
    summary: "The caller's new candidates of a project, as search's result cards show them to the caller",
    access: { action: 'read', subject: 'Project' },
    input: { params: projectParams },
    handler: async ({ params, ability, actor, ctx }) => {
      const { project, person } = await projectAndPerson(ctx.knex, ability, actor, params.projectId);
      // Only those the caller still reaches in the project (a card whose profile would answer 404 is not shown), as
      // the panel's count holds them.
      const state = await alertState(ctx.knex, ability, actor, project, person);
      const ids = state.newCandidateIds.slice(0, 100).map((c) => Number(c.replace('Candidate:', '')));
      const [{ rates }, labels] = await Promise.all([searchContext(ctx.knex), labelsFor(ctx.knex, ability)]);
      // The cards of search, through its face: each candidate's identity as the gate shows it to the caller.
      const docs = await loadResults(ctx.knex, ids, {
        actor,
        filters: { predicates: [], selected: {}, statuses: [] },
        labels,
        currency: 'SGD',
        rates,
      });
      return { docs, newCount: state.newCount, since: state.since };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/alerts/projects/:projectId/looked',
    summary: "Marks the caller's new candidates of a project as seen",
    access: { action: 'read', subject: 'Project' },
    input: { params: projectParams },
    handler: async ({ params, ability, actor, ctx }) => {
      const { project, person } = await projectAndPerson(ctx.knex, ability, actor, params.projectId);
      return ctx.knex.transaction(async (trx) => {
        const sub = await trx('alert_subscriptions')
          .where({ project_id: project.id, recipient_kind: person.kind, recipient_id: person.id })
          .first('id');
        if (!sub) return { seen: 0 };
        const seen = await trx('alert_news')
          .where({ subscription_id: sub.id, state: ALERT_NEWS_STATE.new })
          .update({ state: ALERT_NEWS_STATE.seen });
        await trx('alert_subscriptions').where('id', sub.id).update({ last_looked_at: trx.fn.now() });
        return { seen };
      });
    },
  }),

  defineEndpoint({
    method: 'get',
    path: UNSUBSCRIBE_PATH,
    summary: "The digest email's unsubscribe page; it changes nothing until its button is pressed",
    access: 'public',
    input: { query: unsubscribeQuery },
    raw: true,
    handler: async ({ query, ctx, res }) => {
      const target = await linkTarget(ctx.knex, ctx.config, query.s, query.t);
      // The page posts its form to itself; data responses' policy (a sandbox) would refuse the form.
      res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      res.type('html');
      if (!target) {
        res.status(404).send(page(t('alerts.unsubscribe.title'), `<p>${t('alerts.unsubscribe.invalid')}</p>`));
        return;
      }
      const action = `/api/v1/alerts/unsubscribe?s=${query.s}&t=${encodeURIComponent(query.t)}`;
      res.send(
        page(
          t('alerts.unsubscribe.title'),
          `<p>${escape(t('alerts.unsubscribe.ask', { project: target.title }))}</p>` +
            `<form method="post" action="${action}"><button type="submit" style="font-size:16px;padding:8px 16px">${t('alerts.unsubscribe.button')}</button></form>`,
        ),
      );
    },
  }),

  defineEndpoint({
    method: 'post',
    path: UNSUBSCRIBE_PATH,
    summary: 'Stops the digest emails of one alert, from its signed link, without a session',
    access: 'public',
    input: { query: unsubscribeQuery },
    raw: true,
    handler: async ({ query, ctx, req, res }) => {
      // A valid signature is enough: the alert removed since, or already off, answers the same (RFC 8058 asks it idempotent).
      if (!validToken(ctx.config, query.s, query.t)) throw new AppError(404, 'alerts.errors.token');
      const target = await linkTarget(ctx.knex, ctx.config, query.s, query.t);
      if (target)
        await ctx
          .knex('alert_subscriptions')
          .where('id', target.id)
          .whereNot('frequency', ALERT_FREQUENCY.off)
          .update({ frequency: ALERT_FREQUENCY.off, updated_at: ctx.knex.fn.now() });
      if (req.accepts(['json', 'html']) === 'html') {
        res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
        const done = target ? t('alerts.unsubscribe.done', { project: target.title }) : t('alerts.unsubscribe.gone');
        res.type('html').send(page(t('alerts.unsubscribe.title'), `<p>${escape(done)}</p>`));
        return;
      }
      res.json({ success: true, frequency: 'off' });
    },
  }),
];
