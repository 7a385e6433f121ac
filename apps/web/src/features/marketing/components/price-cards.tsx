// The Word and LaTeX price cards, with prices from the server's table (defaults when it cannot be read).
import { Check, FileCode2, FileText } from 'lucide-react';
import { uiMessages, type Format } from '@atr/shared';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { usePricing } from '../../../lib/pricing.ts';
import { cn } from '../../../lib/cn.ts';
import { formatFeatures } from '../content/marketing-copy.ts';

const meta: Record<Format, { title: string; Icon: typeof FileText; highlight: boolean }> = {
  word: { title: 'Word', Icon: FileText, highlight: false },
  latex: { title: 'LaTeX', Icon: FileCode2, highlight: true },
};

export function PriceCards({ ctaTo, ctaLabel }: { ctaTo: string; ctaLabel: string }) {
  const { pricing, price, isLoading, isFallback } = usePricing();
  return (
    <div>
      <div className="grid gap-6 md:grid-cols-2">
        {(['word', 'latex'] as const).map((format) => {
          const { title, Icon, highlight } = meta[format];
          const [amount, currency] = price(format).split(' ');
          return (
            <Card
              key={format}
              className={cn('flex flex-col p-6 sm:p-8', highlight && 'ring-2 ring-indigo-600')}
              data-testid={`price-card-${format}`}
            >
              <div className="flex items-center justify-between">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                </div>
                {highlight && <Badge tone="indigo">For technical teams</Badge>}
              </div>
              <p className="mt-3 text-sm text-slate-600">{pricing[format].description}</p>
              <p className="mt-6 flex items-baseline gap-1.5" aria-busy={isLoading}>
                <span
                  className="text-4xl font-bold tracking-tight text-slate-900"
                  data-testid={`price-${format}`}
                >
                  {amount}
                </span>
                <span className="text-sm font-semibold text-slate-500">{currency}</span>
                <span className="text-sm text-slate-500">/ report</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                {formatFeatures[format].map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
                    {f}
                  </li>
                ))}
              </ul>
              <ButtonLink
                to={ctaTo}
                variant={highlight ? 'primary' : 'secondary'}
                size="lg"
                className="mt-8 w-full"
              >
                {ctaLabel}
              </ButtonLink>
            </Card>
          );
        })}
      </div>
      {!isLoading && isFallback && (
        <p className="mt-4 text-center text-xs text-slate-500">{uiMessages.pricingFallback}</p>
      )}
    </div>
  );
}
