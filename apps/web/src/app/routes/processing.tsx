// Route /app/processing/:reportId: live progress of one report.
import { useParams } from 'react-router';
import { ProcessingPage } from '../../features/processing/components/processing-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function ProcessingRoute() {
  useDocumentTitle('Generating Report');
  const { reportId = '' } = useParams();
  return <ProcessingPage key={reportId} reportId={reportId} />;
}
