// Route /cookies-policy.
import { CookiesPolicy } from '../../features/legal/components/cookies-policy.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function CookiesRoute() {
  useDocumentTitle('Cookies Policy');
  return <CookiesPolicy />;
}
