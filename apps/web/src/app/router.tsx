// Every route of the SPA (spec §2): public pages in the shared layout, /app behind the access guard, standalone callbacks.
// Only the layout, the guard and the landing page are in the entry chunk; every other screen loads on demand
// (React Router's `lazy`), so the first visit does not download pdf.js, the upload form or the account screens.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { uiMessages } from '@atr/shared';
import { FullScreenLoader } from '../components/ui/spinner.tsx';
import { screen } from './lazy-screen.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RequireAuth } from './layouts/require-auth.tsx';
import { RouteError } from './routes/route-error.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/** Screens under /app, behind the access guard; later features add their routes here. */
export const appRoutes: RouteObject[] = [
  {
    index: true,
    lazy: screen(
      () => import('./routes/dashboard.tsx'),
      (m) => m.DashboardRoute,
    ),
  },
  {
    path: 'account',
    lazy: screen(
      () => import('./routes/account.tsx'),
      (m) => m.AccountRoute,
    ),
  },
  {
    path: 'upload',
    lazy: screen(
      () => import('./routes/upload.tsx'),
      (m) => m.UploadRoute,
    ),
  },
  {
    path: 'processing/:reportId',
    lazy: screen(
      () => import('./routes/processing.tsx'),
      (m) => m.ProcessingRoute,
    ),
  },
  {
    path: 'report/:reportId',
    lazy: screen(
      () => import('./routes/report.tsx'),
      (m) => m.ReportRoute,
    ),
  },
  {
    path: 'payment-success',
    lazy: screen(
      () => import('./routes/payment-success.tsx'),
      (m) => m.PaymentSuccessRoute,
    ),
  },
  {
    path: 'payment-cancelled',
    lazy: screen(
      () => import('./routes/payment-cancelled.tsx'),
      (m) => m.PaymentCancelledRoute,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown only on a first visit straight to a lazily loaded screen, while its chunk arrives.
    hydrateFallbackElement: <FullScreenLoader label={uiMessages.loading} />,
    children: [
      {
        // A screen that throws renders its error here, inside the layout, so the navigation stays.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <LandingRoute /> },
          {
            path: 'pricing',
            lazy: screen(
              () => import('./routes/pricing.tsx'),
              (m) => m.PricingRoute,
            ),
          },
          {
            path: 'login',
            lazy: screen(
              () => import('./routes/login.tsx'),
              (m) => m.LoginRoute,
            ),
          },
          {
            path: 'signup',
            lazy: screen(
              () => import('./routes/signup.tsx'),
              (m) => m.SignupRoute,
            ),
          },
          {
            path: 'reset-password',
            lazy: screen(
              () => import('./routes/reset-password.tsx'),
              (m) => m.ResetPasswordRoute,
            ),
          },
          {
            path: 'terms-of-service',
            lazy: screen(
              () => import('./routes/terms-of-service.tsx'),
              (m) => m.TermsRoute,
            ),
          },
          {
            path: 'privacy-policy',
            lazy: screen(
              () => import('./routes/privacy-policy.tsx'),
              (m) => m.PrivacyRoute,
            ),
          },
          {
            path: 'cookies-policy',
            lazy: screen(
              () => import('./routes/cookies-policy.tsx'),
              (m) => m.CookiesRoute,
            ),
          },
          { path: 'app', element: <RequireAuth />, children: appRoutes },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
  {
    path: '/auth/callback',
    hydrateFallbackElement: <FullScreenLoader label={uiMessages.loading} />,
    lazy: screen(
      () => import('./routes/auth-callback.tsx'),
      (m) => m.AuthCallbackRoute,
    ),
  },
  {
    path: '/purchase/success',
    hydrateFallbackElement: <FullScreenLoader label={uiMessages.loading} />,
    lazy: screen(
      () => import('./routes/purchase-redirect.tsx'),
      (m) => m.PurchaseSuccessRoute,
    ),
  },
  {
    path: '/purchase/cancel',
    hydrateFallbackElement: <FullScreenLoader label={uiMessages.loading} />,
    lazy: screen(
      () => import('./routes/purchase-redirect.tsx'),
      (m) => m.PurchaseCancelRoute,
    ),
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
