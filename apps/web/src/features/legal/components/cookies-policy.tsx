// Cookies Policy: the kinds of cookies, how to change the consent choice, and the contact block.
import { Link } from 'react-router';
import { COOKIES_LAST_UPDATED, uiMessages } from '@atr/shared';
import { Button } from '../../../components/ui/button.tsx';
import { setConsent, useCookieConsent } from '../../../lib/cookie-consent.ts';
import { ContactBlock, LegalDocument, OperatorName, type LegalSection } from './legal-document.tsx';

function ConsentControls() {
  const consent = useCookieConsent();
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <p className="text-sm" data-testid="consent-status">
        Your current choice:{' '}
        <strong>
          {consent === 'accepted'
            ? 'all cookies accepted'
            : consent === 'rejected'
              ? 'essential cookies only'
              : 'not chosen yet'}
        </strong>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setConsent('rejected')}>
          {uiMessages.cookieReject}
        </Button>
        <Button size="sm" onClick={() => setConsent('accepted')}>
          {uiMessages.cookieAccept}
        </Button>
      </div>
    </div>
  );
}

const sections: LegalSection[] = [
  {
    title: 'What cookies are',
    body: (
      <p>
        Cookies are small text files a website stores on your device through your browser. We also use similar
        browser storage (local and session storage) for the same purposes; in this policy
        &ldquo;cookies&rdquo; covers both.
      </p>
    ),
  },
  {
    title: 'Cookies we use',
    body: (
      <ul>
        <li>
          <strong>Session cookies (essential).</strong> Keep you signed in while you use ATR and make the
          application work. They end when you sign out or close your browser, unless you chose &ldquo;Remember
          me&rdquo;.
        </li>
        <li>
          <strong>Persistent cookies (cookie acceptance).</strong> Remember whether you accepted or rejected
          non-essential cookies, so we do not ask again on every visit.
        </li>
        <li>
          <strong>Functionality cookies.</strong> Remember your choices, such as staying signed in and your
          in-progress reports, to give you a smoother experience.
        </li>
      </ul>
    ),
  },
  {
    title: 'Your choice',
    body: (
      <>
        <p>
          When you first visit, we ask whether you accept all cookies or only essential ones. Essential
          cookies cannot be turned off, because the service cannot work without them. You can change your
          choice here at any time:
        </p>
        <ConsentControls />
        <p>
          You can also block or delete cookies in your browser settings; parts of ATR may then stop working.
        </p>
      </>
    ),
  },
  {
    title: 'More information',
    body: (
      <>
        <p>
          These cookies are set by <OperatorName />. How we handle personal data is explained in our{' '}
          <Link to="/privacy-policy" className="text-indigo-700 underline">
            Privacy Policy
          </Link>
          . Questions? Contact us:
        </p>
        <ContactBlock />
      </>
    ),
  },
];

export function CookiesPolicy() {
  return <LegalDocument title="Cookies Policy" lastUpdated={COOKIES_LAST_UPDATED} sections={sections} />;
}
