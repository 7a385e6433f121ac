// Route /app/account.
import { AccountPage } from '../../features/account/components/account-page.tsx';
import { DownloadsTab } from '../../features/payments/components/downloads-tab.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function AccountRoute() {
  useDocumentTitle('Account');
  return <AccountPage downloads={<DownloadsTab />} />;
}
