/**
 * Which of its company's projects a company user reads (spec section 3): Owners and Admins all of them; a Member
 * those they own, or that were shared with them or with the whole company. The project entity's permissions are
 * these rules (schema/entities/project.ts); the portal reads from them what a person's project list holds.
 */
import type { RuleOptions, SubRole } from '../lib/types';

export const COMPANY_PROJECT_ACCESS: RuleOptions[] = [
  { when: 'ownCompany', subRoles: ['owner', 'admin'] },
  { when: ['ownCompany', 'ownProject'] },
  { when: ['ownCompany', 'sharedWithMe'] },
  { when: ['ownCompany', 'sharedWithCompany'] },
];

/** Whether a company user of this sub-role reads every project of the company by the rules above, with no other condition. */
export const readsAllCompanyProjects = (subRole: SubRole): boolean =>
  COMPANY_PROJECT_ACCESS.some(
    (rule) =>
      [rule.when ?? []].flat().every((c) => c === 'ownCompany') && (!rule.subRoles || rule.subRoles.includes(subRole)),
  );
