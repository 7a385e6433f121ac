// Route /app/payment-success: where every checkout returns.
import { PaymentSuccessPage } from '../../features/payments/components/payment-success-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function PaymentSuccessRoute() {
  useDocumentTitle('Payment');
  return <PaymentSuccessPage />;
}
