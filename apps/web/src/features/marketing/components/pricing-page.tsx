// The pricing page (spec §2): Word and LaTeX cards, what is included, FAQ, and a call to action.
import { Accordion } from '../../../components/ui/accordion.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth-context.tsx';
import { faq } from '../content/marketing-copy.ts';
import { PriceCards } from './price-cards.tsx';

export function PricingPage() {
  const { session } = useAuth();
  const ctaTo = session ? '/app' : '/signup';
  const ctaLabel = session ? 'Go to Dashboard' : 'Get Started';
  return (
    <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-20">
      <header className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Pricing</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Generating reports is free, and so is the preview of the first 5 PDF pages. Pay per report and per
          format, only for what you download.
        </p>
      </header>
      <div className="mt-12">
        <PriceCards ctaTo={ctaTo} ctaLabel={ctaLabel} />
      </div>
      <section
        aria-labelledby="included-title"
        className="mt-16 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <h2 id="included-title" className="text-xl font-semibold text-slate-900">
          Included with every account
        </h2>
        <ul className="mt-4 grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
          <li>Unlimited report generation</li>
          <li>Free preview of the first 5 PDF pages</li>
          <li>ZIP upload or GitHub repository</li>
          <li>Your YAML template, logo and company details</li>
          <li>Purchase history with unlimited re-downloads</li>
          <li>No subscription, no hidden fees</li>
        </ul>
      </section>
      <section aria-labelledby="faq-title" className="mt-16">
        <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6">
          <Accordion items={faq} />
        </div>
      </section>
      <div className="mt-16 text-center">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Ready to document your code?</h2>
        <ButtonLink to={ctaTo} size="lg" className="mt-6">
          {ctaLabel}
        </ButtonLink>
      </div>
    </div>
  );
}
