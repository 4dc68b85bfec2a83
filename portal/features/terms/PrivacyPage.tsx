/** /privacy-notice: the privacy notice candidates accept with the terms, dated by the version in force (LegalPage.tsx). */
import { LegalPage } from './LegalPage';

export function PrivacyPage() {
  return <LegalPage page="portal.privacy" />;
}
