/**
 * The candidate rules as write hooks of the generic router: every candidate, experience and
 * education write (admin console, candidate's own page, nested lists) passes through them.
 */
import { entity } from '../../../schema';
import { registerHook } from '../../crud/hooks';
import { existingInDatabase, missingRefs } from '../../crud/refs';
import { badRequest, type FieldErrors } from '../../errors';
import { queueEmail } from '../mail/outbox';
import { candidateRules, educationRules, experienceRules } from '../../../schema/rules/candidate';
import { profileReadyEmail } from './emails';

function fail(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw badRequest(errors);
}

let registered = false;

export function registerTalentHooks(): void {
  if (registered) return;
  registered = true;
  // Ids in lists and jsonb items are checked for every entity by the generic referencesExist hook.
  registerHook('candidate', async (data, { trx, existing, config }) => {
    fail(candidateRules(data, existing));
    // Turning the flag on sends the invitation once, in the same transaction as the save.
    if (config && data.sendSetPasswordEmail === true && existing?.sendSetPasswordEmail !== true) {
      const to = (data.email ?? existing?.email) as string;
      await queueEmail(trx, { to, ...profileReadyEmail(config, (data.firstName ?? existing?.firstName ?? null) as string | null) });
    }
  });
  // Foreign keys are checked here too, so a bad id in a nested list is reported at its index.
  registerHook('candidateExperience', async (data, { trx, existing }) => {
    fail({ ...experienceRules(data, existing), ...(await missingRefs(entity('candidateExperience'), data, existingInDatabase(trx), true)) });
  });
  registerHook('candidateEducation', async (data, { existing }) => {
    fail(educationRules(data, existing));
  });
}
