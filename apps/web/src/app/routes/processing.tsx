// Route /app/processing/:reportId: live progress of one report, named after its project.
import { useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { UUID_RE } from '@atr/shared';
import { ProcessingPage } from '../../features/processing/components/processing-page.tsx';
import { reportQueryOptions } from '../../features/reports/api/get-report.ts';
import { ReportNotFound } from '../../features/reports/components/report-not-found.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function ProcessingRoute() {
  const { reportId = '' } = useParams();
  const valid = UUID_RE.test(reportId);
  // Only for the name, fetched once: the processing page's own poll decides what the page shows.
  const report = useQuery({ ...reportQueryOptions(reportId), enabled: valid, staleTime: Infinity, retry: 1 });
  // The upload form passes the name it sent, so a new report's page is named from its first frame.
  const sent = (useLocation().state as { reportName?: unknown } | null)?.reportName;
  const name = report.data?.name ?? (typeof sent === 'string' && sent ? sent : undefined);
  useDocumentTitle(!valid ? 'Report Not Found' : name ? `Generating ${name}` : 'Generating Report');
  // A malformed id cannot be a report: say so at once instead of asking the server.
  if (!valid) return <ReportNotFound />;
  return <ProcessingPage key={reportId} reportId={reportId} reportName={name} />;
}
