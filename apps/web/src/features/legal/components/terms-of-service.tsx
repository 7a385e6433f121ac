// Terms of Service: 14 numbered sections, every fact of spec §1, ending in the contact block.
import { Link } from 'react-router';
import {
  LIABILITY_CAP_USD,
  MINIMUM_AGE_TERMS,
  TERMS_CHANGE_NOTICE_DAYS,
  TERMS_LAST_UPDATED,
} from '@atr/shared';
import { ContactBlock, LegalDocument, OperatorName, type LegalSection } from './legal-document.tsx';

const sections: LegalSection[] = [
  {
    title: 'Who we are and acceptance of these terms',
    body: (
      <>
        <p>
          ATR (AI Technical Reports) is operated by <OperatorName />, a limited company incorporated under
          Italian law (&ldquo;we&rdquo;, &ldquo;us&rdquo;). These Terms of Service govern your use of the ATR
          website and application.
        </p>
        <p>
          By creating an account or using the service you accept these terms. If you do not accept them, do
          not use the service.
        </p>
      </>
    ),
  },
  {
    title: 'Eligibility',
    body: (
      <p>
        You must be over {MINIMUM_AGE_TERMS} years of age to use ATR. By using the service you confirm that
        you are.
      </p>
    ),
  },
  {
    title: 'Your account',
    body: (
      <>
        <p>
          You sign up with an e-mail address and a password and must confirm your e-mail address before
          signing in.
        </p>
        <p>
          Keep your password confidential. You are responsible for everything done through your account. Tell
          us at once if you believe someone else has used it.
        </p>
      </>
    ),
  },
  {
    title: 'The service',
    body: (
      <>
        <p>
          ATR analyses a code base you upload as a ZIP file or link from GitHub and, following a YAML template
          you provide, generates a technical report. Generating a report is free, and every signed-in user can
          read a free preview of the first 5 pages of its PDF.
        </p>
        <p>
          We may improve, change or suspend parts of the service. We will try to give notice of changes that
          affect you.
        </p>
      </>
    ),
  },
  {
    title: 'Prices and payment',
    body: (
      <>
        <p>
          Downloads are paid per report and per format (Word or LaTeX) at the prices shown on our{' '}
          <Link to="/pricing" className="text-indigo-700 underline">
            Pricing
          </Link>{' '}
          page at the time of purchase. Prices are in euros.
        </p>
        <p>
          Payments are processed by our card payment provider; we do not store your card details. Once you
          have bought a format for a report, you may download it any number of times. There is no
          subscription.
        </p>
      </>
    ),
  },
  {
    title: 'Your content',
    body: (
      <>
        <p>
          You keep all rights in the code, templates, images, logos and company details you upload
          (&ldquo;your content&rdquo;) and in the reports generated from them. You give us a limited licence
          to store and process your content only to provide the service to you.
        </p>
        <p>
          You confirm that you have the right to upload your content and that it does not infringe anyone
          else&rsquo;s rights.
        </p>
      </>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not upload content you are not allowed to share, or content that is unlawful.</li>
        <li>
          Do not try to access other users&rsquo; reports or accounts, or to bypass payment or security
          measures.
        </li>
        <li>Do not overload, probe or disrupt the service, or use it to build a competing product.</li>
      </ul>
    ),
  },
  {
    title: 'Our intellectual property',
    body: (
      <p>
        The ATR software, website, brand and documentation belong to us or our licensors. These terms give you
        no rights in them other than to use the service as described here.
      </p>
    ),
  },
  {
    title: 'AI-generated content',
    body: (
      <p>
        Reports are written by automated agents from an analysis of your code. They may contain mistakes or
        omissions. Review every report before you rely on it or share it; you are responsible for how you use
        it.
      </p>
    ),
  },
  {
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          To the extent permitted by law, we are not liable for indirect or consequential losses, such as loss
          of profit, data or business opportunity.
        </p>
        <p>
          Our total liability to you for any claim arising from the service is limited to the greater of the
          amount you paid us for the service in question or {LIABILITY_CAP_USD} USD. Nothing in these terms
          limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    title: 'Suspension and termination',
    body: (
      <p>
        You may stop using ATR and ask us to delete your account at any time. We may suspend or close accounts
        that break these terms. Sections that by their nature should survive termination (such as liability
        and governing law) continue to apply.
      </p>
    ),
  },
  {
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. For material changes we will give you at least {TERMS_CHANGE_NOTICE_DAYS}{' '}
        days&rsquo; notice by e-mail or in the application before they take effect. If you keep using ATR
        after that, the new terms apply.
      </p>
    ),
  },
  {
    title: 'Governing law and language',
    body: (
      <>
        <p>
          These terms are governed by Italian law. Disputes are subject to the courts of Italy, without
          prejudice to any mandatory consumer protection rules of your country of residence.
        </p>
        <p>
          These terms may be translated. If a translation differs from the English text, the English text
          prevails.
        </p>
      </>
    ),
  },
  {
    title: 'Contact us',
    body: (
      <>
        <p>Questions about these terms? Contact us:</p>
        <ContactBlock />
      </>
    ),
  },
];

export function TermsOfService() {
  return <LegalDocument title="Terms of Service" lastUpdated={TERMS_LAST_UPDATED} sections={sections} />;
}
