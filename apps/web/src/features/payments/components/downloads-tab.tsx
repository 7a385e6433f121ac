// Account → Downloads: current prices, the purchase history kept by the server, and Download Again.
import { Download } from 'lucide-react';
import { errorMessages, formatPrice, uiMessages, type Purchase } from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { isRetryable, userMessage } from '../../../lib/user-error.ts';
import { usePricing } from '../../../lib/pricing.ts';
import { formatLabel } from '../api/download-report.ts';
import { usePurchases } from '../api/get-purchases.ts';
import { usePurchase } from '../hooks/use-purchase.ts';

export function DownloadsTab() {
  const purchases = usePurchases();
  return (
    <div className="space-y-8">
      <CurrentPricing />
      <section aria-labelledby="history">
        <h2 id="history" className="text-base font-semibold text-slate-900">
          Purchase history
        </h2>
        {purchases.isPending ? (
          <div role="status" className="mt-3 space-y-2" aria-busy="true" aria-label={uiMessages.loading}>
            {[0, 1].map((i) => (
              <div key={i} className="h-16 animate-pulse rounded-xl bg-slate-100" />
            ))}
          </div>
        ) : purchases.isError ? (
          <Alert tone="error" className="mt-3" title={errorMessages.purchasesLoadFailed}>
            <p>{userMessage(purchases.error)}</p>
            {isRetryable(purchases.error) && (
              <Button size="sm" variant="secondary" className="mt-2" onClick={() => void purchases.refetch()}>
                {uiMessages.retry}
              </Button>
            )}
          </Alert>
        ) : purchases.data.purchases.length === 0 ? (
          <div className="mt-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
            <p className="font-medium text-slate-900">{uiMessages.noPurchases}</p>
            <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">{uiMessages.noPurchasesHint}</p>
          </div>
        ) : (
          <ul
            className="mt-3 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200"
            data-testid="purchase-history"
          >
            {purchases.data.purchases.map((p) => (
              <PurchaseRow key={p.id} purchase={p} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The server's price per format, with a note when the defaults stand in for it. */
function CurrentPricing() {
  const { price, isLoading, isFallback } = usePricing();
  return (
    <section aria-labelledby="current-pricing">
      <h2 id="current-pricing" className="text-base font-semibold text-slate-900">
        Current pricing
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {(['word', 'latex'] as const).map((f) => (
          <div key={f} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{f === 'word' ? 'Word (.docx)' : 'LaTeX (.zip)'}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900">{price(f)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        Per report and format. Once bought, download as often as you like.
      </p>
      {!isLoading && isFallback && (
        <p className="mt-1 text-xs text-slate-500">{uiMessages.pricingFallback}</p>
      )}
    </section>
  );
}

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const flow = usePurchase(purchase.reportId, purchase.format);
  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="purchase-row"
    >
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{purchase.reportName}</p>
        <p className="text-sm text-slate-500">
          {formatLabel(purchase.format)} · {formatPrice(purchase.amount, purchase.currency)} ·{' '}
          {formatDate(purchase.purchasedAt)}
        </p>
        {flow.error && (
          <p role="alert" className="mt-1 text-xs text-rose-700">
            {flow.error}
          </p>
        )}
      </div>
      <Button size="sm" variant="secondary" loading={flow.downloading} onClick={() => void flow.download()}>
        <Download aria-hidden="true" className="size-4" />
        Download Again
      </Button>
    </li>
  );
}
