/** Page titles: '<page> | Talentbase' for every route of spec section 2 (the product name alone only without a key). */
import { t } from '../../i18n';

export function documentTitle(titleKey: string | undefined): string {
  return titleKey ? `${t(titleKey)} | ${t('appName')}` : t('appName');
}
