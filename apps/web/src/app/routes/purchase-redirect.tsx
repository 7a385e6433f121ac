// Routes /purchase/success and /purchase/cancel: forwarded within the app.
import { PurchaseRedirect } from '../../features/payments/components/purchase-redirect.tsx';

export const PurchaseSuccessRoute = () => <PurchaseRedirect outcome="success" />;
export const PurchaseCancelRoute = () => <PurchaseRedirect outcome="cancel" />;
