// Route /app/payment-cancelled: where a checkout's Cancel leads; composed from the payments and reports features.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PaymentCancelledPage,
  readCancelledCheckout,
} from '../../features/payments/components/payment-cancelled-page.tsx';
import { TestModeBanner } from '../../features/payments/components/test-mode-banner.tsx';
import { useReport } from '../../features/reports/api/get-report.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function PaymentCancelledRoute() {
  useDocumentTitle('Payment cancelled');
  const [params] = useSearchParams();
  const [checkout] = useState(() => readCancelledCheckout(params));
  const report = useReport(checkout.reportId ?? '', checkout.reportId !== null);
  return (
    <>
      <TestModeBanner />
      <PaymentCancelledPage checkout={checkout} reportName={report.data?.name ?? null} />
    </>
  );
}
