/**
 * The country (ISO code) a person's national phone number is read in on their account page: a candidate's
 * current location's (as their profile form reads it), a company user's company's when it has exactly one
 * country; else none, and a national number asks for the country code (schema/validation/phone.ts).
 */
import type { Knex } from 'knex';
import type { Account } from '../../auth/accounts';
import { candidateCountry } from '../../services/phoneKeys';

export async function accountPhoneCountry(knex: Knex, account: Account): Promise<string | undefined> {
  if (account.kind === 'candidate') return candidateCountry(knex, account.id);
  if (account.kind !== 'companyUser') return undefined;
  const codes = (await knex('company_users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .join('countries as k', 'k.id', knex.raw('any(c.countries)'))
    .where('u.id', account.id)
    .distinct('k.code')) as { code: string }[];
  return codes.length === 1 ? codes[0].code : undefined;
}
