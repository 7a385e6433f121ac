// Route /privacy-policy.
import { PrivacyPolicy } from '../../features/legal/components/privacy-policy.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function PrivacyRoute() {
  useDocumentTitle('Privacy Policy');
  return <PrivacyPolicy />;
}
