import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

export const RECIPIENT_KIND = { admin: 1, companyUser: 2 } as const;

/** The kinds of notification; each has its own preference (rules in backend/features/notifications/kinds.ts). */
export const NOTIFICATION_KIND = {
  companyAwaitsApproval: 1,
  candidateCurated: 2,
  interviewAnswered: 3,
  qualifyAnswered: 4,
  candidateMovedByCompany: 5,
  creditsLow: 6,
  creditsExpiring: 7,
  syncFailed: 8,
  matchFinished: 9,
  chatMessage: 10,
  savedSearchAlert: 11,
  atsStatusChanged: 12,
  paymentReversed: 13,
  paymentDelayed: 14,
  orderExpired: 15,
} as const;

/** A kind's name by its stored number. */
export const NOTIFICATION_KIND_NAME = Object.fromEntries(
  Object.entries(NOTIFICATION_KIND).map(([name, value]) => [value, name]),
) as Record<number, keyof typeof NOTIFICATION_KIND>;

/** The roles of a company's users, by the company's type: a normal company's and a RaaS company's. */
type CompanyRole = 'company' | 'raasCompany';
/** Credits are a RaaS company's alone (its own credits page, spec section 6): a normal company has none to hear of. */
const CREDIT_COMPANIES: readonly CompanyRole[] = ['raasCompany'];

/**
 * Who can ever receive each kind (the notices' recipients, backend/features/notifications): admins, company users,
 * or company users who may read a subject (the integration managers hear of failed syncs, credit readers of
 * credits); `companies` narrows a company kind to the company types it concerns (all when absent). A person's
 * preferences offer only the kinds that can reach them, and a notice never reaches anyone else (notify.ts).
 */
export const NOTIFICATION_AUDIENCE: Record<
  keyof typeof NOTIFICATION_KIND,
  { admin: boolean; company: boolean | 'Integration' | 'Credit'; companies?: readonly CompanyRole[] }
> = {
  companyAwaitsApproval: { admin: true, company: false },
  candidateCurated: { admin: false, company: true },
  interviewAnswered: { admin: true, company: true },
  qualifyAnswered: { admin: true, company: false },
  candidateMovedByCompany: { admin: true, company: false },
  creditsLow: { admin: false, company: 'Credit', companies: CREDIT_COMPANIES },
  creditsExpiring: { admin: false, company: 'Credit', companies: CREDIT_COMPANIES },
  syncFailed: { admin: false, company: 'Integration' },
  matchFinished: { admin: true, company: false },
  chatMessage: { admin: true, company: true },
  savedSearchAlert: { admin: true, company: true },
  atsStatusChanged: { admin: false, company: true },
  paymentReversed: { admin: true, company: false },
  // The buyer of a card order (any of the company's users may buy) and its credit readers.
  paymentDelayed: { admin: false, company: true, companies: CREDIT_COMPANIES },
  // An order cancelled as expired, no bank transfer having come: its buyer (any user) and the company's Owner.
  orderExpired: { admin: false, company: true, companies: CREDIT_COMPANIES },
};

/**
 * Whether `kind` can reach a person of this role at all, before any subject they must read: an admin a kind for
 * admins, a company user a kind for company users of their company's type. The preferences offer (kindsReaching)
 * and the notices' delivery (notify.ts) both ask it.
 */
export function kindReachesRole(kind: keyof typeof NOTIFICATION_KIND, role: string): boolean {
  const who = NOTIFICATION_AUDIENCE[kind];
  if (role === 'admin') return who.admin;
  if (role !== 'company' && role !== 'raasCompany') return false;
  return who.company !== false && (!who.companies || who.companies.includes(role));
}

type AudienceSubject = 'Integration' | 'Credit';

/** The kinds that can reach a person of `role`; `mayRead` answers for the subjects some kinds need. */
export function kindsReaching(
  role: string,
  mayRead: (subject: AudienceSubject) => boolean,
): (keyof typeof NOTIFICATION_KIND)[] {
  return (Object.keys(NOTIFICATION_KIND) as (keyof typeof NOTIFICATION_KIND)[]).filter((kind) => {
    if (!kindReachesRole(kind, role)) return false;
    const who = NOTIFICATION_AUDIENCE[kind];
    return role === 'admin' || typeof who.company !== 'string' || mayRead(who.company);
  });
}

/**
 * The kinds of a company user's threads withheld from them now: those whose audience is the readers of a subject
 * (syncFailed: the Owners and Admins who manage integrations) while the reader's role may read no such subject (an
 * Admin demoted to Member). A thread is read only while its reader still holds a role that would receive it; promoted
 * back, they read it again. Asked of the role alone (`can` on the subject's type: the read rule the role holds), as
 * the inbox's statement (notifications/readable.ts) and the live channel's audience (live/events.ts) both do. Platform
 * admins read theirs as written: nothing is withheld from them.
 */
export function kindsWithheld(
  recipientKind: number,
  ability: { can(action: 'read', subject: AudienceSubject): boolean },
): (keyof typeof NOTIFICATION_KIND)[] {
  if (recipientKind === RECIPIENT_KIND.admin) return [];
  return (Object.keys(NOTIFICATION_KIND) as (keyof typeof NOTIFICATION_KIND)[]).filter((kind) => {
    const who = NOTIFICATION_AUDIENCE[kind].company;
    return typeof who === 'string' && !ability.can('read', who);
  });
}

/** Where a kind of notification goes: the inbox, the inbox and an email, or nowhere. */
export const NOTIFICATION_CHANNEL = { off: 0, inApp: 1, email: 2 } as const;

/**
 * One thread of a person's notification inbox, modelled on GitHub's: one row per subject (a
 * project's candidate, a company, a conversation), updated in place by each new event about it,
 * which makes it unread again and brings it back from the archive. `link` is the path of the screen
 * that shows the subject. Read only by its recipient (the declared rule below).
 */
export const notification = defineEntity({
  name: 'notification',
  table: 'notifications',
  subject: 'Notification',
  fields: {
    recipientKind: f.enum(RECIPIENT_KIND, { required: true }),
    recipientId: f.integer({ required: true }),
    kind: f.enum(NOTIFICATION_KIND, { required: true }),
    /** The subject of the thread, e.g. 'projectCandidate:12:34' or 'company:5'. */
    subjectKey: f.string({ required: true, max: 120 }),
    title: f.string({ required: true, max: 300 }),
    body: f.text({ max: 2000 }),
    link: f.string({ required: true, max: 500 }),
    unread: f.boolean({ required: true, default: true }),
    archived: f.boolean({ required: true, default: false }),
    /** How many events the thread gathered. */
    events: f.integer({ required: true, default: 1 }),
    ...f.timestamps(),
  },
  indexes: [
    { fields: ['recipientKind', 'recipientId', 'subjectKey'], unique: true },
    ['recipientKind', 'recipientId', 'archived', 'updatedAt'],
  ],
  permissions: {
    admin: { read: { when: 'ownNotification' }, update: { when: 'ownNotification' } },
    company: { read: { when: 'ownNotification' }, update: { when: 'ownNotification' } },
    raasCompany: { read: { when: 'ownNotification' }, update: { when: 'ownNotification' } },
  },
});

/** A person's choice of channel for one kind; a kind without a row goes to the inbox. */
export const notificationPreference = defineEntity({
  name: 'notificationPreference',
  table: 'notification_preferences',
  subject: 'NotificationPreference',
  fields: {
    recipientKind: f.enum(RECIPIENT_KIND, { required: true }),
    recipientId: f.integer({ required: true }),
    kind: f.enum(NOTIFICATION_KIND, { required: true }),
    channel: f.enum(NOTIFICATION_CHANNEL, { required: true, default: 1 }),
  },
  indexes: [{ fields: ['recipientKind', 'recipientId', 'kind'], unique: true }],
  permissions: {
    admin: { read: { when: 'ownNotification' }, update: { when: 'ownNotification' } },
    company: { read: { when: 'ownNotification' }, update: { when: 'ownNotification' } },
    raasCompany: { read: { when: 'ownNotification' }, update: { when: 'ownNotification' } },
  },
});
