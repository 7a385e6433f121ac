// The dashboard frame (/app): welcome line, the Generate New Report card, and the reports list area.
import { FilePlus2, FileText } from 'lucide-react';
import { messages, uiMessages } from '@atr/shared';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { displayName, useAuth } from '../../../lib/auth-context.tsx';

export function DashboardPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome back, {displayName(user)}</h1>
        <p className="mt-2 text-slate-600">Generate technical reports from your code and download them in the formats you need.</p>
      </header>

      <Card className="mt-8 flex flex-col gap-5 bg-gradient-to-br from-indigo-600 to-indigo-500 p-6 text-white ring-0 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
            <FilePlus2 aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h2 className="text-lg font-semibold">Generate New Report</h2>
            <p className="mt-1 text-sm text-indigo-100">Upload a ZIP or link a GitHub repository, add your YAML template, and let the agents write.</p>
          </div>
        </div>
        <ButtonLink to="/app/upload" variant="secondary" size="lg" className="shrink-0">
          Generate New Report
        </ButtonLink>
      </Card>

      <section aria-labelledby="recent-title" className="mt-10">
        <h2 id="recent-title" className="text-lg font-semibold text-slate-900">Recent Reports</h2>
        <RecentReports />
      </section>
    </div>
  );
}

/** The reports list; until the reports API lands it shows the honest empty state. */
function RecentReports() {
  return (
    <Card className="mt-4 flex flex-col items-center px-6 py-14 text-center" data-testid="reports-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileText aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 font-semibold text-slate-900">{messages.report.empty}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">{uiMessages.noReportsHint}</p>
      <ButtonLink to="/app/upload" className="mt-6">
        Generate New Report
      </ButtonLink>
    </Card>
  );
}
