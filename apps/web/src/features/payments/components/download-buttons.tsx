// The dashboard row's Word and LaTeX buttons: buy at the server's price, or download once paid.
import { useEffect } from 'react';
import { Download, ShoppingCart, X } from 'lucide-react';
import { reportUiMessages, type Format } from '@atr/shared';
import { Button } from '../../../components/ui/button.tsx';
import { usePricing } from '../../../lib/pricing.ts';
import { formatLabel } from '../api/download-report.ts';
import { usePurchases } from '../api/get-purchases.ts';
import { usePurchase } from '../hooks/use-purchase.ts';

export function DownloadButtons({ reportId }: { reportId: string }) {
  return (
    <>
      <DownloadButton reportId={reportId} format="word" />
      <DownloadButton reportId={reportId} format="latex" />
    </>
  );
}

function DownloadButton({ reportId, format }: { reportId: string; format: Format }) {
  const { price } = usePricing();
  const purchases = usePurchases();
  const paid = purchases.data?.purchases.some((p) => p.reportId === reportId && p.format === format) ?? false;
  const flow = usePurchase(reportId, format);
  const label = formatLabel(format);
  const { paid: paymentSeen } = flow;
  useEffect(() => {
    if (paid) paymentSeen();
  }, [paid, paymentSeen]);
  return (
    <span className="inline-flex flex-col">
      {paid ? (
        <Button
          size="sm"
          variant="secondary"
          loading={flow.downloading}
          onClick={() => void flow.download()}
          data-testid={`download-${format}`}
        >
          <Download aria-hidden="true" className="size-4" />
          {label}
        </Button>
      ) : flow.inProgress ? (
        // Waiting on the checkout tab: says so, and Stop waiting is always there (the wait also ends by itself).
        <span
          className="inline-flex items-center gap-1"
          role="status"
          data-testid={`payment-waiting-${format}`}
        >
          <Button size="sm" variant="secondary" loading disabled>
            {flow.checking ? reportUiMessages.checkingPayment : reportUiMessages.paymentInProgress}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="px-2"
            onClick={flow.cancelWaiting}
            aria-label={`${reportUiMessages.stopWaiting} for the ${label} payment`}
            title={reportUiMessages.stopWaiting}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </span>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={flow.starting}
          disabled={purchases.isPending}
          onClick={() => void flow.buy()}
          data-testid={`buy-${format}`}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {label} ({price(format)})
        </Button>
      )}
      {flow.outcome && !paid && !flow.inProgress && (
        <span
          role="status"
          className="mt-1 max-w-[16rem] text-xs text-slate-600"
          data-testid={`payment-outcome-${format}`}
        >
          {flow.outcome}
        </span>
      )}
      {flow.error && (
        <span role="alert" className="mt-1 max-w-[16rem] text-xs text-rose-700">
          {flow.error}
        </span>
      )}
    </span>
  );
}
