// The cookie consent banner shown until the visitor chooses; the choices match the Cookies Policy. It comes first in
// the page (an early Tab stop). Up to laptop widths it sits in the flow above the header, so it never covers a
// form's button; on wide screens (1280 px and more) it floats in a corner, clear of the centred content.
import { Link } from 'react-router';
import { Cookie } from 'lucide-react';
import { uiMessages } from '@atr/shared';
import { Button } from '../../../components/ui/button.tsx';
import { setConsent, useCookieConsent } from '../../../lib/cookie-consent.ts';

export function CookieBanner() {
  const consent = useCookieConsent();
  if (consent) return null;
  return (
    <section
      aria-label="Cookie consent"
      className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6 xl:fixed xl:right-4 xl:bottom-4 xl:z-50 xl:max-w-sm xl:rounded-2xl xl:border-0 xl:p-5 xl:shadow-xl xl:ring-1 xl:ring-slate-200"
    >
      <div className="flex flex-col gap-3">
        <div className="flex gap-3">
          <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          <p className="text-sm text-slate-600">
            {uiMessages.cookieBanner}{' '}
            <Link to="/cookies-policy" className="font-medium text-indigo-700 underline underline-offset-2">
              Cookies Policy
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => setConsent('rejected')}>
            {uiMessages.cookieReject}
          </Button>
          <Button size="sm" onClick={() => setConsent('accepted')}>
            {uiMessages.cookieAccept}
          </Button>
        </div>
      </div>
    </section>
  );
}
