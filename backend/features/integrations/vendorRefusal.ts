/**
 * What a vendor's refusal of a credential check comes to for the person connecting, told apart the way the sync
 * tells them (sync.ts): a 403 is a permission the credentials lack (the vendor's reason kept), any other 'auth' refusal
 * dead credentials; a 'rateLimited' one carries when the vendor may be asked again (vendorWait.ts); 'unavailable' is
 * a vendor down or out of reach. A 404 answered to the check itself (a Workable subdomain that is no account) is
 * credentials that name nothing, as a wrong key is.
 *   - invalid credentials: 400 on the credentials' field, "API key invalid" (the spec's words);
 *   - a permission missing: 400 on that field, naming what the vendor said is missing;
 *   - rate limited: 429, "try again in N seconds", with `retryAfter` (seconds) beside the message;
 *   - any other refusal of the check: 400 on that field with the vendor's reason;
 *   - the vendor down or unreachable: 502, "the ATS did not answer".
 */
import { t } from '../../../i18n';
import { atsKind } from '../../../schema/rules/ats';
import { AtsError } from '../../adapters/ats';
import { AppError, badRequest } from '../../errors';
import { waitAsked } from './vendorWait';

export type Refusal = 'credentials' | 'permission' | 'rateLimited' | 'rejected' | 'unavailable';

/** The kind of a vendor's refusal, as sync.ts reads it (a 403 'auth' is a permission missing). */
export function refusalOf(err: AtsError): Refusal {
  if (err.code === 'auth') return err.status === 403 ? 'permission' : 'credentials';
  if (err.code === 'rejected') return err.status === 404 ? 'credentials' : 'rejected';
  return err.code;
}

/** The answer to a credential check that the vendor of `kind` refused with `err`, on the credentials' `field`. */
export function connectRefusal(err: AtsError, kind: string, field: string): AppError {
  const ats = atsKind(kind)?.label ?? kind;
  const reason = err.message.slice(0, 200);
  switch (refusalOf(err)) {
    case 'credentials':
      return badRequest({ [field]: `${field}.errors.invalid` }, 'integrations.apiKeyInvalid');
    case 'permission':
      return new AppError(
        400,
        'integrations.connectPermissionMissing',
        t('integrations.connectPermissionMissing', { ats, reason }),
        { [field]: `${field}.errors.permission` },
        { reason },
      );
    case 'rateLimited': {
      // A rate limit that said not until when is given vendorWait.ts's own wait.
      const seconds = Math.max(1, Math.ceil((waitAsked(err)!.getTime() - Date.now()) / 1000));
      return new AppError(
        429,
        'integrations.connectRateLimited',
        t('integrations.connectRateLimited', { ats, seconds }),
        undefined,
        { retryAfter: seconds },
      );
    }
    case 'rejected':
      return new AppError(
        400,
        'integrations.connectRefused',
        t('integrations.connectRefused', { ats, reason }),
        { [field]: `${field}.errors.refused` },
        { reason },
      );
    default:
      return new AppError(502, 'integrations.unavailable');
  }
}
