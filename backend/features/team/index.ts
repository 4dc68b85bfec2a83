/**
 * Team management (spec sections 2 and 7): company users, companies and admins, with their write
 * rules (rules.ts) for the generic routes and the declared endpoints (endpoints.ts), and community
 * users' write rules. Exposes its endpoints and the write rules the generic entity routes apply.
 */
export { teamEndpoints } from './endpoints';
export { adminWrites } from './admins';
export { companyWrites } from './companies';
export { companyUserWrites } from './companyUsers';
export { communityUserWrites } from './communityUsers';
