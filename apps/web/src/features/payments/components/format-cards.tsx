// The report page's Word and LaTeX cards: price from the report's pricing, buy through checkout, download once paid.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, FileCode2, FileText, ShoppingCart } from 'lucide-react';
import {
  REPORT_PAYMENT_POLL_INTERVAL_MS,
  REPORT_PAYMENT_POLL_MAX_MS,
  formatPrice,
  reportUiMessages,
  type Format,
  type ReportDetail,
} from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatFileSize } from '../../../lib/format.ts';
import { formatLabel } from '../api/download-report.ts';
import { canDownload, usePaymentStatus } from '../api/get-payment-status.ts';
import { usePurchase } from '../hooks/use-purchase.ts';

const descriptions: Record<Format, string> = {
  word: 'Editable Microsoft Word document (.docx) with your cover page, figures and citations.',
  latex: 'LaTeX source bundle (.zip) with main.tex, figures and logo, ready to compile.',
};

export function FormatCards({ report }: { report: ReportDetail }) {
  // Spec §4: while completed and unpaid, poll the payment status every 5 s for at most 10 minutes.
  const [pollUntil] = useState(() => Date.now() + REPORT_PAYMENT_POLL_MAX_MS);
  const status = usePaymentStatus(report.id, { pollMs: REPORT_PAYMENT_POLL_INTERVAL_MS, pollUntil });
  // A payment seen by the status poll (this tab or another) also refreshes the report's payment tier.
  const client = useQueryClient();
  const stale = (['word', 'latex'] as const).some(
    (f) => canDownload(status.data, f) && !report.paid_formats.includes(f),
  );
  useEffect(() => {
    if (stale) void client.invalidateQueries({ queryKey: ['reports', 'detail', report.id] });
  }, [client, report.id, stale]);
  return (
    <div className="space-y-4">
      {(['word', 'latex'] as const).map((format) => (
        <FormatCard
          key={format}
          report={report}
          format={format}
          paid={canDownload(status.data, format) || report.paid_formats.includes(format)}
          checking={status.isPending}
        />
      ))}
    </div>
  );
}

function FormatCard({
  report,
  format,
  paid,
  checking,
}: {
  report: ReportDetail;
  format: Format;
  paid: boolean;
  checking: boolean;
}) {
  const flow = usePurchase(report.id, format);
  const price = formatPrice(report.pricing[format].amount, report.pricing[format].currency);
  const label = formatLabel(format);
  const size =
    format === 'word' ? (report.file_sizes.docx ?? report.file_sizes.word) : report.file_sizes.latex;
  const Icon = format === 'word' ? FileText : FileCode2;
  const { paid: paymentSeen } = flow;
  useEffect(() => {
    if (paid) paymentSeen();
  }, [paid, paymentSeen]);
  return (
    <Card className="p-5" data-testid={`format-card-${format}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">{label}</h3>
            <p className="text-sm text-slate-500">
              {size !== null ? formatFileSize(size) : format === 'word' ? '.docx' : '.zip'}
            </p>
          </div>
        </div>
        {paid ? (
          <Badge tone="emerald">
            <CheckCircle2 aria-hidden="true" className="mr-1 size-3.5" />
            Purchased
          </Badge>
        ) : (
          <span className="text-lg font-bold text-slate-900">{price}</span>
        )}
      </div>
      <p className="mt-3 text-sm text-slate-600">{descriptions[format]}</p>
      <div className="mt-4">
        {paid ? (
          <Button
            className="w-full"
            loading={flow.downloading}
            onClick={() => void flow.download()}
            data-testid={`download-${format}`}
          >
            <Download aria-hidden="true" className="size-4" />
            Download {label}
          </Button>
        ) : flow.inProgress ? (
          <div className="space-y-2" role="status" data-testid={`payment-waiting-${format}`}>
            <Button className="w-full" loading disabled>
              {flow.checking ? reportUiMessages.checkingPayment : reportUiMessages.paymentInProgress}
            </Button>
            <p className="text-xs text-slate-600">{reportUiMessages.paymentInProgressHint}</p>
            <Button size="sm" variant="ghost" className="w-full" onClick={flow.cancelWaiting}>
              {reportUiMessages.stopWaiting}
            </Button>
          </div>
        ) : (
          <Button
            className="w-full"
            loading={flow.starting}
            disabled={checking}
            onClick={() => void flow.buy()}
            data-testid={`buy-${format}`}
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
            Buy {label} ({price})
          </Button>
        )}
      </div>
      {flow.outcome && !paid && !flow.inProgress && (
        <Alert tone="info" className="mt-3" data-testid={`payment-outcome-${format}`}>
          {flow.outcome}
        </Alert>
      )}
      {flow.notice && (
        <Alert tone="info" className="mt-3">
          {flow.notice}
        </Alert>
      )}
      {flow.error && (
        <Alert tone="error" className="mt-3">
          {flow.error}
        </Alert>
      )}
    </Card>
  );
}
