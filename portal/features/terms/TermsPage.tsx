/** /terms-of-service: the terms, section by section, dated by the notice in force (LegalPage.tsx). */
import { LegalPage } from './LegalPage';

export function TermsPage() {
  return <LegalPage page="portal.terms" />;
}
