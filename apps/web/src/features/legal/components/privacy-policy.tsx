// Privacy Policy: 15 numbered sections, every fact of spec §1, ending in the contact block.
import { Link } from 'react-router';
import { MINIMUM_AGE_PRIVACY, PRIVACY_LAST_UPDATED } from '@atr/shared';
import { ContactBlock, LegalDocument, OperatorName, type LegalSection } from './legal-document.tsx';

const sections: LegalSection[] = [
  {
    title: 'Who we are',
    body: (
      <p>
        This policy explains how <OperatorName />, a limited company incorporated under Italian law and the
        data controller of ATR (AI Technical Reports), collects and uses your personal data when you use our
        website and application.
      </p>
    ),
  },
  {
    title: 'Definitions',
    body: (
      <ul>
        <li>
          <strong>Personal data</strong>: any information about an identified or identifiable person.
        </li>
        <li>
          <strong>Usage data</strong>: data collected automatically when you use the service.
        </li>
        <li>
          <strong>Cookies</strong>: small files stored on your device by your browser.
        </li>
        <li>
          <strong>Service</strong>: the ATR website and application.
        </li>
      </ul>
    ),
  },
  {
    title: 'Data we collect',
    body: (
      <>
        <p>Personal data you give us:</p>
        <ul>
          <li>e-mail address;</li>
          <li>first name and last name;</li>
          <li>phone number (for example in the company details of a report).</li>
        </ul>
        <p>Usage data collected automatically:</p>
        <ul>
          <li>your device&rsquo;s IP address;</li>
          <li>browser type and browser version;</li>
          <li>the pages you visit, the time and date of your visit and the time spent on those pages;</li>
          <li>unique device identifiers and other diagnostic data.</li>
        </ul>
        <p>
          We also store the projects, templates, images and reports you upload or generate, to provide the
          service.
        </p>
      </>
    ),
  },
  {
    title: 'Cookies and similar technologies',
    body: (
      <>
        <p>We use:</p>
        <ul>
          <li>
            <strong>Session cookies</strong> (essential): keep you signed in and the service working during
            your visit;
          </li>
          <li>
            <strong>Persistent cookies</strong> (cookie acceptance): remember whether you accepted cookies;
          </li>
          <li>
            <strong>Functionality cookies</strong>: remember your choices, such as staying signed in, for a
            better experience.
          </li>
        </ul>
        <p>
          See our{' '}
          <Link to="/cookies-policy" className="text-indigo-700 underline">
            Cookies Policy
          </Link>{' '}
          for the details and how to change your choice.
        </p>
      </>
    ),
  },
  {
    title: 'How we use your data',
    body: (
      <ul>
        <li>to create and manage your account and sign you in;</li>
        <li>to generate, store and deliver your reports;</li>
        <li>to process payments and keep your purchase history;</li>
        <li>to contact you about your account, security and material changes to our terms;</li>
        <li>to keep the service secure, prevent abuse and improve it.</li>
      </ul>
    ),
  },
  {
    title: 'Legal bases',
    body: (
      <p>
        We process your data to perform our contract with you, to meet legal obligations (for example tax
        records), for our legitimate interest in running a secure service, and, for non-essential cookies,
        with your consent.
      </p>
    ),
  },
  {
    title: 'How long we keep your data',
    body: (
      <p>
        We keep account data for as long as your account exists, and reports until you delete them or your
        account. Purchase records are kept as long as tax law requires. Usage data is kept for a shorter
        period unless needed for security.
      </p>
    ),
  },
  {
    title: 'Who we share data with',
    body: (
      <p>
        We share data only with service providers that help us run ATR (hosting, e-mail delivery, payment
        processing), bound by contract to use it only on our instructions, and with authorities when the law
        requires it. We do not sell personal data.
      </p>
    ),
  },
  {
    title: 'Where your data is processed',
    body: (
      <p>
        Your personal data is stored and processed within the European Union. We do not transfer it outside
        the EU.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <>
        <p>Under the GDPR you have the right to:</p>
        <ul>
          <li>access your personal data;</li>
          <li>rectification of inaccurate data;</li>
          <li>erasure of your data;</li>
          <li>data portability;</li>
          <li>restriction of processing;</li>
          <li>object to processing.</li>
        </ul>
        <p>
          To exercise them, send us a written request or an e-mail (see the contact details below). You may
          also complain to the Italian data protection authority (Garante per la protezione dei dati
          personali).
        </p>
      </>
    ),
  },
  {
    title: 'Automated decision-making',
    body: (
      <p>
        We do not make decisions about you based solely on automated processing, and we do not use your data
        for profiling.
      </p>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        We protect your data with encryption in transit, hashed passwords and access controls. No method of
        transmission or storage is completely secure, but we work to protect your data and will notify you of
        breaches as the law requires.
      </p>
    ),
  },
  {
    title: "Children's privacy",
    body: (
      <p>
        ATR is not meant for anyone under the age of {MINIMUM_AGE_PRIVACY}. We do not knowingly collect
        personal data from children under {MINIMUM_AGE_PRIVACY}; if you believe a child has given us data,
        contact us and we will delete it.
      </p>
    ),
  },
  {
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy. We will post the new version on this page, update the date above and, for
        material changes, tell you by e-mail or in the application.
      </p>
    ),
  },
  {
    title: 'Contact us',
    body: (
      <>
        <p>Questions about this policy or your data? Contact us:</p>
        <ContactBlock />
      </>
    ),
  },
];

export function PrivacyPolicy() {
  return <LegalDocument title="Privacy Policy" lastUpdated={PRIVACY_LAST_UPDATED} sections={sections} />;
}
