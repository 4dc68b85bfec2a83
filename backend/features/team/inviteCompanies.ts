/**
 * `GET /companies/list/user-invite` q?, limit?: the companies the caller may invite people into, for the invite form's
 * company field. Those who manage a team only (company Owners and Admins: their own company; platform admins: every
 * company), read through the Company read rule in SQL; an inactive company takes no invitations. Short rows: id, name,
 * type and status.
 */
import { subject as asSubject } from '@casl/ability';
import { z } from 'zod';
import { company } from '../../../schema/entities/company';
import { companyUser } from '../../../schema/entities/companyUser';
import { formatId } from '../../../schema/lib/ids';
import { int, optionalText } from '../../../schema/validation/inputs';
import { containsPattern, textContains } from '../../db/textMatch';
import { textOrder } from '../../db/textOrder';
import { defineEndpoint } from '../../endpoints/define';
import { scopeQuery } from '../../permissions/sql';

const MAX_FOUND = 50;
/** Pending companies keep their invitations until approved (signup/approval.ts); inactive ones take none. */
const INVITING_STATUSES = [0, 1];

export const inviteCompaniesEndpoint = defineEndpoint({
  method: 'get',
  path: '/companies/list/user-invite',
  summary: 'The companies the caller may invite colleagues into',
  access: { action: 'create', subject: companyUser.subject },
  input: {
    query: z.object({ q: optionalText(100), limit: int().pipe(z.number().min(1).max(MAX_FOUND)).catch(MAX_FOUND) }),
  },
  handler: async ({ query, ability, ctx }) => {
    const q = scopeQuery(ctx.knex(company.table), ability, 'read', company.subject, company.table)
      .whereIn('companies.status', INVITING_STATUSES)
      .orderByRaw(`${textOrder('companies.company_name')}, companies.id`)
      .limit(query.limit)
      .select('companies.id', 'companies.company_name', 'companies.company_type', 'companies.status');
    if (query.q) q.whereRaw(textContains('companies.company_name'), [containsPattern(query.q)]);
    const rows = (await q) as { id: number; company_name: string; company_type: number; status: number }[];
    return {
      success: true,
      data: rows
        // The invite rule has the last word on each company (a company's people invite into their own only).
        .filter((r) => ability.can('create', asSubject(companyUser.subject, { companyId: r.id })))
        .map((r) => ({
          id: formatId(company, r.id),
          companyName: r.company_name,
          companyType: r.company_type,
          status: r.status,
        })),
    };
  },
});
