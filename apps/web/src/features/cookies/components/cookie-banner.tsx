// The cookie consent banner shown until the visitor chooses; the choices match the Cookies Policy.
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
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex gap-3">
          <Cookie aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
          <p className="text-sm text-slate-600">
            {uiMessages.cookieBanner}{' '}
            <Link to="/cookies-policy" className="font-medium text-indigo-700 underline underline-offset-2">
              Cookies Policy
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
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
