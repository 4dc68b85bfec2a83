/**
 * The console's view of alerts (admins): volume per company over the last 7 days, and the
 * platform's switch that turns a company's alerts off (no matching, no notice, no digest while off;
 * the people's subscriptions are kept for when it is on again).
 *   GET /alerts/companies                       companies with alerts, busiest first
 *   PUT /alerts/companies/:companyId {alertsOn} the switch
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { ALERT_FREQUENCY } from '../../../schema/entities/alert';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { flag, id } from '../../../schema/validation/inputs';
import { defineEndpoint } from '../../endpoints/define';
import { notFound } from '../../errors';

const MANAGE = { action: 'manage', subject: 'AlertCompanySetting' } as const;
const companyDef = entity('company');

async function volume(knex: Knex, companyId?: number) {
  const { rows } = await knex.raw(
    `select c.id, c.company_name,
            coalesce(v.subscriptions, 0)::int as subscriptions, coalesce(v.emailing, 0)::int as emailing,
            coalesce(n.news7, 0)::int as news7, coalesce(n.digests7, 0)::int as digests7,
            not coalesce(cs.alerts_off, false) as alerts_on
       from companies c
       left join (select company_id, count(*) as subscriptions, count(*) filter (where frequency <> ${ALERT_FREQUENCY.off}) as emailing
                    from alert_subscriptions group by company_id) v on v.company_id = c.id
       left join (select s.company_id, count(*) filter (where n.first_matched_at > now() - interval '7 days') as news7,
                         count(distinct (n.subscription_id, n.emailed_at)) filter (where n.emailed_at > now() - interval '7 days') as digests7
                    from alert_news n join alert_subscriptions s on s.id = n.subscription_id group by s.company_id) n on n.company_id = c.id
       left join alert_company_settings cs on cs.company_id = c.id
      where ${companyId === undefined ? '(v.subscriptions > 0 or cs.alerts_off)' : 'c.id = ?'}
      order by news7 desc, subscriptions desc, c.id
      limit 500`,
    companyId === undefined ? [] : [companyId],
  );
  return (rows as Record<string, unknown>[]).map((r) => ({
    id: String(formatId(companyDef, r.id as number)),
    companyName: r.company_name,
    subscriptions: r.subscriptions,
    emailing: r.emailing,
    news7: r.news7,
    digests7: r.digests7,
    alertsOn: r.alerts_on,
  }));
}

export const alertConsoleEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/alerts/companies',
    summary: 'Alert volume per company over the last 7 days, and whether each has alerts on (admins)',
    access: MANAGE,
    handler: async ({ ctx }) => ({ data: await volume(ctx.knex) }),
  }),
  defineEndpoint({
    method: 'put',
    path: '/alerts/companies/:companyId',
    summary: "Turns a company's alerts off or on again (admins)",
    access: MANAGE,
    input: { params: z.object({ companyId: id('company') }), body: z.object({ alertsOn: flag() }) },
    handler: async ({ params, body, ctx }) => {
      const company = await ctx.knex('companies').where('id', params.companyId).first('id');
      if (!company) throw notFound('company.notFound');
      await ctx
        .knex('alert_company_settings')
        .insert({ company_id: params.companyId, alerts_off: !body.alertsOn })
        .onConflict('company_id')
        .merge({ alerts_off: !body.alertsOn, updated_at: ctx.knex.fn.now() });
      return (await volume(ctx.knex, params.companyId))[0];
    },
  }),
];
