// /purchase/success and /purchase/cancel: old return addresses, forwarded within the app (no separate payment host).
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reportUiMessages, storageKeys } from '@atr/shared';
import { FullScreenLoader } from '../../../components/ui/spinner.tsx';

export function PurchaseRedirect({ outcome }: { outcome: 'success' | 'cancel' }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    let reportId = params.get('reportId') ?? params.get('report_id');
    try {
      reportId ??= localStorage.getItem(storageKeys.currentReportId);
    } catch {
      /* no stored report */
    }
    const to =
      outcome === 'success'
        ? `/app/payment-success${search}`
        : reportId
          ? `/app/report/${encodeURIComponent(reportId)}`
          : '/app';
    navigate(to, { replace: true });
  }, [navigate, outcome, search]);
  return <FullScreenLoader label={reportUiMessages.redirectingToPayment} />;
}
