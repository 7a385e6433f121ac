// A disclosure list (FAQ): each question is a button with aria-expanded controlling its answer.
import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export function Accordion({ items }: { items: ReadonlyArray<{ question: string; answer: ReactNode }> }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item, i) => {
        const expanded = open === i;
        return (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={`${baseId}-q-${i}`}
                aria-expanded={expanded}
                aria-controls={`${baseId}-a-${i}`}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50 sm:text-base"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={cn(
                    'size-5 shrink-0 text-slate-400 transition-transform',
                    expanded && 'rotate-180',
                  )}
                />
              </button>
            </h3>
            <div
              id={`${baseId}-a-${i}`}
              role="region"
              aria-labelledby={`${baseId}-q-${i}`}
              hidden={!expanded}
              className="px-5 pb-5 text-sm leading-relaxed text-slate-600"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
