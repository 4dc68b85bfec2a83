/**
 * Settling a create whose outcome is unknown (AtsLostAnswer: sent, then a time-out, a dropped connection or a
 * 5xx), as the vendors' own integrations do: before anything is created again, the record is looked up by what
 * the vendor finds it by (the person by email: Greenhouse `GET /candidates?email=`, Lever `GET
 * /opportunities?email=`, Ashby `candidate.search`, Workable `GET /candidates?email=`; an application on the
 * person's records on the job) and the one found is answered, to be linked. Found nothing, or the look-up
 * failing too, the create is not sent again in this run: an AtsLostAnswer says the outcome was unknown and
 * how it stands, a record failed, and the next sync looks it up again before creating it (it looks first anyway).
 * Refused credentials and a vendor's wait met by the look-up end the run as they always do.
 */
import { t } from '../../../i18n';
import { AtsError, AtsLostAnswer } from './types';

/** What was being created: a person (found again by email) or an application (found on the job). */
export type LostKind = 'person' | 'application';

/**
 * Runs `create`; when its outcome is unknown, answers what `find` looks up instead, with `settled` set,
 * or throws an AtsLostAnswer whose message is the run's reason.
 */
export async function createOrFind<T>(
  kind: LostKind,
  create: () => Promise<T>,
  find: () => Promise<T | undefined>,
): Promise<{ value: T; settled?: LostKind }> {
  try {
    return { value: await create() };
  } catch (err) {
    if (!(err instanceof AtsLostAnswer)) throw err;
    const cause = err.said ?? t('integrations.runReasons.noAnswer');
    let found: T | undefined;
    try {
      found = await find();
    } catch (lookUp) {
      if (lookUp instanceof AtsError && (lookUp.code === 'auth' || lookUp.code === 'rateLimited')) throw lookUp;
      throw new AtsLostAnswer(t(`integrations.runReasons.${kind}LostUnread`, { cause }), err.status, err.said);
    }
    if (found === undefined)
      throw new AtsLostAnswer(t(`integrations.runReasons.${kind}LostNotFound`, { cause }), err.status, err.said);
    return { value: found, settled: kind };
  }
}
