// Payment cancelled (/app/payment-cancelled): where a checkout's Cancel or Back leads. Says plainly that nothing was
// paid, ends the open checkout on the server, tells the tab that opened the checkout, and offers the way back.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleSlash } from 'lucide-react';
import { FormatSchema, UUID_RE, reportUiMessages, storageKeys, type Format } from '@atr/shared';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { logError } from '../../../lib/user-error.ts';
import { cancelCheckout } from '../api/cancel-checkout.ts';
import { formatLabel } from '../api/download-report.ts';
import { announceCheckoutEnded } from '../lib/checkout-channel.ts';

function storedReportId(): string | null {
  try {
    return localStorage.getItem(storageKeys.currentReportId);
  } catch {
    return null;
  }
}

export interface CancelledCheckout {
  /** Null when the address names no report (or not a valid id): the page then leads to the dashboard. */
  reportId: string | null;
  format: Format;
}

/** The report and format of the cancelled checkout, from the address (or the checkout's stored report). */
export function readCancelledCheckout(params: URLSearchParams): CancelledCheckout {
  const candidate = params.get('reportId') ?? params.get('report_id') ?? storedReportId() ?? '';
  return {
    reportId: UUID_RE.test(candidate) ? candidate : null,
    format: FormatSchema.catch('word').parse(params.get('format') ?? 'word'),
  };
}

export function PaymentCancelledPage({
  checkout: { reportId, format },
  reportName,
}: {
  checkout: CancelledCheckout;
  /** The report's name once known, so the page says which download was not bought. */
  reportName: string | null;
}) {
  const label = formatLabel(format);
  const client = useQueryClient();

  // Once per visit: the server ends the open checkout (nothing waits on it any more), then the other tabs hear of it.
  useQuery({
    queryKey: ['checkout-cancel', reportId, format],
    enabled: reportId !== null,
    queryFn: async () => {
      try {
        await cancelCheckout(reportId!, format);
      } catch (e) {
        // The other tab still hears of it below; its own poll settles the rest.
        logError('Ending the cancelled checkout failed', e);
      }
      announceCheckoutEnded({ reportId: reportId!, format, outcome: 'cancelled' });
      await client.invalidateQueries({ queryKey: ['payment-status', reportId] });
      return true;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    try {
      localStorage.removeItem(storageKeys.currentPaymentFormat);
    } catch {
      /* nothing stored */
    }
  }, []);

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <Card className="p-6 text-center sm:p-8" data-testid="payment-cancelled">
        <div role="status" className="flex flex-col items-center gap-3">
          <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <CircleSlash aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-semibold text-slate-900">{reportUiMessages.paymentCancelledTitle}</h1>
          <p className="text-slate-600">
            {reportId
              ? reportUiMessages.paymentCancelledDetail(label, reportName)
              : reportUiMessages.paymentCancelledNoReport}
          </p>
          {reportId && <p className="text-sm text-slate-500">{reportUiMessages.paymentCancelledHint}</p>}
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          {reportId && (
            <ButtonLink to={`/app/report/${reportId}`}>{reportUiMessages.backToReport}</ButtonLink>
          )}
          <ButtonLink to="/app" variant={reportId ? 'secondary' : 'primary'}>
            Back to Dashboard
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
