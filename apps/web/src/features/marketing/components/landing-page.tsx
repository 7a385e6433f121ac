// The landing page (spec §1, §2): what ATR does, how it works, claims, prices and testimonials.
import { ArrowRight, Bot, FileCheck2, FolderGit2, Quote, Star } from 'lucide-react';
import { MARKETING_CLAIMS } from '@atr/shared';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/auth-context.tsx';
import { features, steps, testimonials } from '../content/marketing-copy.ts';
import { PriceCards } from './price-cards.tsx';

const stepIcons = [FolderGit2, Bot, FileCheck2] as const;

export function LandingPage() {
  const { session } = useAuth();
  const ctaTo = session ? '/app' : '/signup';
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-slate-50">
        <div className="mx-auto max-w-6xl px-4 pb-16 pt-16 text-center sm:px-6 sm:pt-24">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-indigo-700 shadow-sm ring-1 ring-indigo-100">
            Multi-agent AI reporting
          </p>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            Turn your code base into a <span className="text-indigo-600">branded technical report</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">
            Upload a ZIP or link a GitHub repository, add a YAML template with the chapters you need, and our
            AI agents analyse the code and write the report. Get it as Word, LaTeX and PDF, with your logo on
            the cover.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={ctaTo} size="lg" className="w-full sm:w-auto">
              {session ? 'Go to Dashboard' : 'Get Started for free'}{' '}
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
            <ButtonLink to="/pricing" variant="secondary" size="lg" className="w-full sm:w-auto">
              See pricing
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-slate-500">
            Free generation and a free 5-page preview. Pay only for the downloads you want.
          </p>
        </div>
        <dl className="mx-auto grid max-w-4xl grid-cols-1 gap-4 px-4 pb-16 sm:grid-cols-3 sm:px-6">
          {MARKETING_CLAIMS.map((c) => (
            <Card key={c.label} className="px-6 py-5 text-center">
              <dt className="text-sm text-slate-500">{c.label}</dt>
              <dd className="mt-1 text-3xl font-bold tracking-tight text-indigo-600">{c.value}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((s, i) => {
            const Icon = stepIcons[i] ?? Bot;
            return (
              <li key={s.title}>
                <Card className="h-full p-6">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-600 text-white">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className="text-sm font-semibold text-indigo-600">Step {i + 1}</span>
                  </div>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.text}</p>
                </Card>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="features-title" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Built for real engineering documentation
          </h2>
          <div className="mt-10 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((f) => (
              <div key={f.title}>
                <h3 className="font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="prices-title" className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <h2 id="prices-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Simple, per-download pricing
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center text-slate-600">
          No subscription. Pay once per report and format, download as often as you need.
        </p>
        <div className="mt-10">
          <PriceCards ctaTo={ctaTo} ctaLabel={session ? 'Go to Dashboard' : 'Start for free'} />
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2
            id="testimonials-title"
            className="text-center text-3xl font-bold tracking-tight text-slate-900"
          >
            Teams ship documentation faster
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <figure
                key={t.name}
                className="flex h-full flex-col rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200"
              >
                <div role="img" className="flex gap-0.5 text-amber-400" aria-label="5 out of 5 stars">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} aria-hidden="true" className="size-4 fill-current" />
                  ))}
                </div>
                <Quote aria-hidden="true" className="mt-4 size-6 text-indigo-200" />
                <blockquote className="mt-2 flex-1 text-sm leading-relaxed text-slate-700">
                  {t.quote}
                </blockquote>
                <figcaption className="mt-6">
                  <p className="text-sm font-semibold text-slate-900">{t.name}</p>
                  <p className="text-xs text-slate-500">{t.role}</p>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="rounded-3xl bg-indigo-600 px-6 py-12 text-center sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight text-white">
            Your next technical report is minutes away
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-indigo-100">
            Create an account, upload a project and read the first pages for free.
          </p>
          <ButtonLink to={ctaTo} size="lg" variant="secondary" className="mt-8">
            {session ? 'Go to Dashboard' : 'Create your free account'}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
