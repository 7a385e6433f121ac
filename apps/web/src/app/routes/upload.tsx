// Route /app/upload: the generation form.
import { UploadPage } from '../../features/upload/components/upload-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function UploadRoute() {
  useDocumentTitle('Generate Report');
  return <UploadPage />;
}
