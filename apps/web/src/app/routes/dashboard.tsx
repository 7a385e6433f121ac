// Route /app: the dashboard, with the payments feature's Word and LaTeX buttons on each completed report.
import { DashboardPage } from '../../features/reports/components/dashboard-page.tsx';
import { DownloadButtons } from '../../features/payments/components/download-buttons.tsx';
import { TestModeBanner } from '../../features/payments/components/test-mode-banner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <TestModeBanner />
      <DashboardPage renderDownloads={(report) => <DownloadButtons reportId={report.id} />} />
    </>
  );
}
