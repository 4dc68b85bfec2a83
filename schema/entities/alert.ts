import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/** Who a subscription belongs to: the recipient kinds of notifications (admins, company users). */
export const ALERT_RECIPIENT_KIND = { admin: 1, companyUser: 2 } as const;

/** How often the digest email goes out; 'off' keeps the alert in the app only. */
export const ALERT_FREQUENCY = { off: 0, daily: 1, weekly: 2 } as const;

/** A news row's life: new until the person sees it; dropped when the candidate no longer qualifies. */
export const ALERT_NEWS_STATE = { new: 1, seen: 2, dropped: 3 } as const;

/**
 * One person's alert on one project's saved filters (`projects.current_url`): the owner, a member
 * the project is shared with, or its advocate, with the digest's frequency and the person's time
 * zone. `matchedUrl` is the filters the last matching run read: when the project's filters
 * change, the next run matches them against the whole pool. The cursors say when the person was
 * last alerted (in the app), last emailed, last looked at the news, and the digest period last handled.
 */
export const alertSubscription = defineEntity({
  name: 'alertSubscription',
  table: 'alert_subscriptions',
  subject: 'AlertSubscription',
  fields: {
    projectId: f.ref('project', { required: true, onDelete: 'cascade', index: false }),
    recipientKind: f.enum(ALERT_RECIPIENT_KIND, { required: true }),
    recipientId: f.integer({ required: true }),
    // The project's company, kept for the console's volume per company and the company switch.
    companyId: f.ref('company', { onDelete: 'cascade' }),
    frequency: f.enum(ALERT_FREQUENCY, { required: true, default: 1 }),
    timeZone: f.string({ required: true, max: 64, default: 'UTC' }),
    matchedUrl: f.text({ max: 4000 }),
    // When a matching run last recorded what the alert's saved search finds (alert_matches); until the first one, the
    // alert has no record and its first run records one without announcing anybody.
    matchedAt: f.datetime(),
    lastAlertedAt: f.datetime(),
    lastEmailedAt: f.datetime(),
    lastLookedAt: f.datetime(),
    // The last digest period handled (digest.ts): set when the alert begins or changes frequency and by every due run,
    // news or none, so a digest goes out once per period at 08:00 of the person's zone.
    digestHandledAt: f.datetime({ dbDefault: 'now' }),
    ...f.timestamps(),
  },
  indexes: [{ fields: ['projectId', 'recipientKind', 'recipientId'], unique: true }, ['recipientKind', 'recipientId']],
  permissions: {},
});

/**
 * A candidate who newly matched a subscription: one row per (subscription, candidate), so a
 * candidate counts once per person and project. `emailedAt` marks the digest that carried it.
 */
export const alertNews = defineEntity({
  name: 'alertNews',
  table: 'alert_news',
  subject: 'AlertNews',
  fields: {
    subscriptionId: f.ref('alertSubscription', { required: true, onDelete: 'cascade', index: false }),
    projectId: f.integer({ required: true }),
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    firstMatchedAt: f.datetime({ required: true, dbDefault: 'now' }),
    state: f.enum(ALERT_NEWS_STATE, { required: true, default: 1 }),
    emailedAt: f.datetime(),
  },
  indexes: [
    { fields: ['subscriptionId', 'candidateId'], unique: true },
    ['subscriptionId', 'state', 'firstMatchedAt'],
    ['projectId', 'candidateId'],
  ],
  permissions: {},
});

/**
 * What an alert's saved search found at its last matching run: one row per (subscription, candidate). Only a
 * candidate who matches now and has no row here is news, so a change that leaves a long-standing match matching (a
 * currency rate, a renamed skill, a re-import) announces nobody; one who stops matching loses the row and, matching
 * again later, is news again.
 */
export const alertMatch = defineEntity({
  name: 'alertMatch',
  table: 'alert_matches',
  subject: 'AlertMatch',
  fields: {
    subscriptionId: f.ref('alertSubscription', { required: true, onDelete: 'cascade', index: false }),
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
  },
  indexes: [{ fields: ['subscriptionId', 'candidateId'], unique: true }],
  permissions: {},
});

/** Candidates whose search document changed in a way a saved search can notice, waiting for the next matching run. */
export const alertChangedCandidate = defineEntity({
  name: 'alertChangedCandidate',
  table: 'alert_changed_candidates',
  subject: 'AlertChangedCandidate',
  fields: {
    candidateId: f.integer({ required: true, unique: true }),
    changedAt: f.datetime({ required: true, dbDefault: 'now' }),
  },
  permissions: {},
});

/** The platform's switch of alerts per company (admins): a company without a row has them on. */
export const alertCompanySetting = defineEntity({
  name: 'alertCompanySetting',
  table: 'alert_company_settings',
  subject: 'AlertCompanySetting',
  fields: {
    companyId: f.ref('company', { required: true, onDelete: 'cascade', unique: true, index: false }),
    alertsOff: f.boolean({ required: true, default: false }),
    ...f.timestamps(),
  },
  permissions: { admin: { manage: true } },
});
