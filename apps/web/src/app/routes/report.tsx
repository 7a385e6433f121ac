// Route /app/report/:reportId: the report page, composed from the reports, preview and payments features.
import { useParams } from 'react-router';
import { FormatCards } from '../../features/payments/components/format-cards.tsx';
import { TestModeBanner } from '../../features/payments/components/test-mode-banner.tsx';
import { PdfPreview } from '../../features/preview/components/pdf-preview.tsx';
import { ReportPage } from '../../features/reports/components/report-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function ReportRoute() {
  useDocumentTitle('Report');
  const { reportId = '' } = useParams();
  return (
    <>
      <TestModeBanner />
      <ReportPage
        key={reportId}
        reportId={reportId}
        renderFormats={(report) => <FormatCards report={report} />}
        renderPreview={(report) => <PdfPreview reportId={report.id} paidFormats={report.paid_formats} />}
      />
    </>
  );
}
