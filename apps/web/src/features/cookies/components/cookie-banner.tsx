// The cookie consent banner shown until the visitor chooses; the choices match the Cookies Policy. A compact bar
// in the flow above the header at every width: it reserves its own space, so it never covers a button (a floating
// card once hid the pricing page's LaTeX button), and it comes first in the page (an early Tab stop). On a phone it
// takes two short lines and one row of buttons, so the hero stays in the first screen.
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
      className="border-b border-slate-200 bg-white"
      data-testid="cookie-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
        <p className="flex min-w-0 flex-1 items-start gap-2 text-xs text-slate-700 sm:items-center sm:text-sm">
          <Cookie aria-hidden="true" className="mt-px size-4 shrink-0 text-indigo-600 sm:mt-0" />
          <span>
            {uiMessages.cookieBanner}{' '}
            <Link to="/cookies-policy" className="font-medium text-indigo-700 underline underline-offset-2">
              Cookies Policy
            </Link>
          </span>
        </p>
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
