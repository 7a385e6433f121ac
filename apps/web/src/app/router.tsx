// Every route of the SPA (spec §2): public pages in the shared layout, /app behind the access guard, standalone callbacks.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RootLayout } from './layouts/root-layout.tsx';
import { RequireAuth } from './layouts/require-auth.tsx';
import { RouteError } from './routes/route-error.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { PricingRoute } from './routes/pricing.tsx';
import { LoginRoute } from './routes/login.tsx';
import { SignupRoute } from './routes/signup.tsx';
import { ResetPasswordRoute } from './routes/reset-password.tsx';
import { TermsRoute } from './routes/terms-of-service.tsx';
import { PrivacyRoute } from './routes/privacy-policy.tsx';
import { CookiesRoute } from './routes/cookies-policy.tsx';
import { AuthCallbackRoute } from './routes/auth-callback.tsx';
import { DashboardRoute } from './routes/dashboard.tsx';
import { AccountRoute } from './routes/account.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { UploadRoute } from './routes/upload.tsx';
import { ProcessingRoute } from './routes/processing.tsx';
import { ReportRoute } from './routes/report.tsx';
import { PaymentSuccessRoute } from './routes/payment-success.tsx';
import { PurchaseCancelRoute, PurchaseSuccessRoute } from './routes/purchase-redirect.tsx';

/** Screens under /app, behind the access guard; later features add their routes here. */
export const appRoutes: RouteObject[] = [
  { index: true, element: <DashboardRoute /> },
  { path: 'account', element: <AccountRoute /> },
  { path: 'upload', element: <UploadRoute /> },
  { path: 'processing/:reportId', element: <ProcessingRoute /> },
  { path: 'report/:reportId', element: <ReportRoute /> },
  { path: 'payment-success', element: <PaymentSuccessRoute /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'pricing', element: <PricingRoute /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'signup', element: <SignupRoute /> },
      { path: 'reset-password', element: <ResetPasswordRoute /> },
      { path: 'terms-of-service', element: <TermsRoute /> },
      { path: 'privacy-policy', element: <PrivacyRoute /> },
      { path: 'cookies-policy', element: <CookiesRoute /> },
      { path: 'app', element: <RequireAuth />, children: appRoutes },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  { path: '/auth/callback', element: <AuthCallbackRoute /> },
  { path: '/purchase/success', element: <PurchaseSuccessRoute /> },
  { path: '/purchase/cancel', element: <PurchaseCancelRoute /> },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
