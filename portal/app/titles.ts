/** Page titles: '<page> | Talentbase' for the titled routes of spec section 2, the product name elsewhere. */
import { t } from '../../i18n';

export function documentTitle(titleKey: string | undefined): string {
  return titleKey ? `${t(titleKey)} | ${t('appName')}` : t('appName');
}
