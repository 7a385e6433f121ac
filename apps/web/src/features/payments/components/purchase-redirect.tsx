// /purchase/success and /purchase/cancel: old return addresses, forwarded within the app (no separate payment host):
// success to the payment-success page, cancel to the page that says the payment was cancelled.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reportUiMessages } from '@atr/shared';
import { FullScreenLoader } from '../../../components/ui/spinner.tsx';

export function PurchaseRedirect({ outcome }: { outcome: 'success' | 'cancel' }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const to = outcome === 'success' ? `/app/payment-success${search}` : `/app/payment-cancelled${search}`;
    navigate(to, { replace: true });
  }, [navigate, outcome, search]);
  return <FullScreenLoader label={reportUiMessages.redirectingToPayment} />;
}
