// Route /pricing.
import { PricingPage } from '../../features/marketing/components/pricing-page.tsx';
import { TestModeBanner } from '../../features/payments/components/test-mode-banner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function PricingRoute() {
  useDocumentTitle('Pricing');
  return (
    <>
      <TestModeBanner />
      <PricingPage />
    </>
  );
}
