import { LegalDocumentView } from '../../features/legal/components/legal-document-view';

// The legal texts are long: they live in this lazily loaded module only, never in the entry bundle.
export function PrivacyPolicyPage() {
  return <LegalDocumentView slug="privacy-policy" />;
}

export function TermsAndConditionsPage() {
  return <LegalDocumentView slug="terms-and-conditions" />;
}

export function PortalTermsAndConditionsPage() {
  return <LegalDocumentView slug="portal-terms-and-conditions" />;
}
