// Frame of a legal page: title, last-updated date, numbered sections, and the operator's contact block.
import type { ReactNode } from 'react';
import { Building2, Globe, Mail, Phone, Receipt } from 'lucide-react';
import { uiMessages } from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { InlineLoader } from '../../../components/ui/spinner.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export function LegalDocument({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro?: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-500">Last updated: {lastUpdated}</p>
        {intro && <div className="mt-6 space-y-3 leading-relaxed text-slate-700">{intro}</div>}
      </header>
      <ol className="mt-8 space-y-10">
        {sections.map((s, i) => (
          <li key={s.title}>
            <section aria-labelledby={`section-${i + 1}`}>
              <h2 id={`section-${i + 1}`} className="text-xl font-semibold text-slate-900">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">
                {s.body}
              </div>
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** The operator's name for use in running text; a neutral phrase until the configuration loads. */
export function OperatorName() {
  const config = usePublicConfig();
  return <>{config.data?.operator.name ?? 'the operator of ATR'}</>;
}

export function ContactBlock() {
  const config = usePublicConfig();
  if (config.isLoading) return <InlineLoader label={uiMessages.loading} />;
  if (!config.data) return <Alert tone="error">{uiMessages.contactUnavailable}</Alert>;
  const o = config.data.operator;
  const row = 'flex items-start gap-3';
  const icon = 'mt-0.5 size-4 shrink-0 text-indigo-600';
  return (
    <address
      className="not-italic rounded-xl bg-slate-100 p-5 text-sm text-slate-700"
      data-testid="contact-block"
    >
      <p className="font-semibold text-slate-900">{o.name}</p>
      <div className="mt-3 space-y-2">
        <p className={row}>
          <Mail aria-hidden="true" className={icon} />
          <span>
            E-mail:{' '}
            <a className="font-medium text-indigo-700 underline" href={`mailto:${o.email}`}>
              {o.email}
            </a>
          </span>
        </p>
        <p className={row}>
          <Globe aria-hidden="true" className={icon} />
          <span>
            Contact page:{' '}
            <a
              className="font-medium text-indigo-700 underline"
              href={o.contactUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {o.contactUrl}
            </a>
          </span>
        </p>
        <p className={row}>
          <Phone aria-hidden="true" className={icon} />
          <span>
            Phone:{' '}
            <a
              className="font-medium text-indigo-700 underline"
              href={`tel:${o.phone.replace(/[^+\d]/g, '')}`}
            >
              {o.phone}
            </a>
          </span>
        </p>
        <p className={row}>
          <Building2 aria-hidden="true" className={icon} />
          <span>Address: {o.address}</span>
        </p>
        <p className={row}>
          <Receipt aria-hidden="true" className={icon} />
          <span>VAT number: {o.vat}</span>
        </p>
      </div>
    </address>
  );
}
