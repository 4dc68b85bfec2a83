/** How a role and sub-role read on screen ('Company · Admin', 'Talent advocate'). */
import type { Viewer } from '../../app/viewer';
import { t } from '../../../i18n';

const COMPANY_SUB_ROLES: Record<number, string> = { 0: 'owner', 1: 'admin', 2: 'member' };

export function roleLabel(viewer: Viewer): string {
  switch (viewer.role) {
    case 'admin':
      return t(viewer.subRole === 2 ? 'portal.enums.adminRole.advocate' : 'portal.enums.adminRole.general');
    case 'company':
    case 'raasCompany': {
      const sub = COMPANY_SUB_ROLES[viewer.subRole ?? 2] ?? 'member';
      return `${t(`portal.roles.${viewer.role}`)} · ${t(`portal.enums.companyUserRole.${sub}`)}`;
    }
    default:
      return t(`portal.roles.${viewer.role}`);
  }
}
