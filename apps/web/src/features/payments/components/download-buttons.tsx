// The dashboard row's Word and LaTeX buttons: buy at the server's price, or download once paid.
import { Download, ShoppingCart } from 'lucide-react';
import type { Format } from '@atr/shared';
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
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={flow.starting || flow.inProgress}
          disabled={purchases.isPending}
          onClick={() => void flow.buy()}
          data-testid={`buy-${format}`}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {label} ({price(format)})
        </Button>
      )}
      {flow.error && (
        <span role="alert" className="mt-1 max-w-[16rem] text-xs text-rose-700">
          {flow.error}
        </span>
      )}
    </span>
  );
}
