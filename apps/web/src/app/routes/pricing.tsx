// Route /pricing.
import { PricingPage } from '../../features/marketing/components/pricing-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function PricingRoute() {
  useDocumentTitle('Pricing');
  return <PricingPage />;
}
