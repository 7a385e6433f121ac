// The shared layout of every in-app route: cookie banner (first, so it is an early Tab stop), header, page, footer
// (not under /app), and the toasts.
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/toast.tsx';
import { CookieBanner } from '../../features/cookies/components/cookie-banner.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function RootLayout() {
  const { pathname } = useLocation();
  const inApp = pathname === '/app' || pathname.startsWith('/app/');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <CookieBanner />
      <SiteHeader />
      {/* The processing page says what a lost connection means for the report, in its own words. */}
      <OfflineBanner hidden={pathname.startsWith('/app/processing/')} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {!inApp && <SiteFooter />}
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
