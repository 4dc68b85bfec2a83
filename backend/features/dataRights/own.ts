/** The signed-in candidate a data-rights call is about: their own record, never an id from the request. */
import { actorRefs, type Actor } from '../../../schema/roles';
import { forbidden } from '../../errors';

/** The signed-in candidate's id; anyone else is refused (403). */
export function candidateOf(actor: Actor): number {
  const { candidateId } = actorRefs(actor);
  if (!candidateId) throw forbidden();
  return candidateId;
}
