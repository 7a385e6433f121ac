// Route /app/payment-success: where every checkout returns.
import { PaymentSuccessPage } from '../../features/payments/components/payment-success-page.tsx';
import { TestModeBanner } from '../../features/payments/components/test-mode-banner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function PaymentSuccessRoute() {
  useDocumentTitle('Payment');
  return (
    <>
      <TestModeBanner />
      <PaymentSuccessPage />
    </>
  );
}
