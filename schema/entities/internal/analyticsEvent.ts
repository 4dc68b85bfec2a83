import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * A product-analytics event of a company or RaaS company user (search, project created, candidates
 * moved), recorded by backend/adapters/analytics.ts. Never an admin's or a candidate's, and never a
 * candidate's personal data: properties hold counts, ids of the company's own projects and filter
 * names. Read by the dashboards; `forwardedAt` is set once a batch reached the analytics service.
 */
export const analyticsEvent = defineEntity({
  name: 'analyticsEvent',
  table: 'analytics_events',
  subject: 'AnalyticsEvent',
  fields: {
    event: f.string({ required: true, max: 60 }),
    companyId: f.integer({ required: true }),
    userId: f.integer({ required: true }),
    projectId: f.integer(),
    properties: f.json({ max: 4000 }),
    forwardedAt: f.datetime(),
    createdAt: f.datetime({ required: true, readOnly: true, dbDefault: 'now' }),
  },
  indexes: [
    ['companyId', 'event', 'createdAt'],
    // The events still to forward, oldest first, however many have been forwarded before them.
    { fields: ['id'], where: { field: 'forwardedAt', label: 'to_forward', isNull: true } },
  ],
  permissions: { admin: { read: true } },
});
