// Route /terms-of-service.
import { TermsOfService } from '../../features/legal/components/terms-of-service.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function TermsRoute() {
  useDocumentTitle('Terms of Service');
  return <TermsOfService />;
}
