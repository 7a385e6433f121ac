// "Report Not Found" (spec §2): for a malformed id, a deleted report or another account's, with the way back.
import { FileQuestion } from 'lucide-react';
import { messages, reportUiMessages } from '@atr/shared';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

export function ReportNotFound({ className = 'mx-auto mt-10 max-w-xl' }: { className?: string }) {
  return (
    <div className={className}>
      <Card className="flex flex-col items-center p-8 text-center" data-testid="report-not-found">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <FileQuestion aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{messages.report.notFoundTitle}</h1>
        <p className="mt-2 max-w-sm text-slate-600">{reportUiMessages.notFoundHint}</p>
        <ButtonLink to="/app" className="mt-6">
          Back to Dashboard
        </ButtonLink>
      </Card>
    </div>
  );
}
