// Route /app: the dashboard.
import { DashboardPage } from '../../features/reports/components/dashboard-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  return <DashboardPage />;
}
