// Route /: the landing page.
import { LandingPage } from '../../features/marketing/components/landing-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function LandingRoute() {
  useDocumentTitle('Branded technical reports from your code');
  return <LandingPage />;
}
