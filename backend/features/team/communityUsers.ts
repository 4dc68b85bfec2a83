/**
 * Community users' rules, for the console's edit and bulk status change: an email that stays with its person, and
 * sessions that end when an admin deactivates someone (a reactivation brings none back).
 */
import { statusChangeEndsSessions } from '../../auth/session';
import { personChecks, type EntityWrites } from '../../crud/writes';

export const communityUserWrites: EntityWrites = {
  check: personChecks,
  after: statusChangeEndsSessions('community'),
};
