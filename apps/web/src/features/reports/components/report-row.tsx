// One row of Recent Reports: status, template, date, size, progress while processing, and the row's actions.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, Trash2 } from 'lucide-react';
import { messages, reportUiMessages, type Report, type ReportListResponse } from '@atr/shared';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { formatDate, formatFileSize } from '../../../lib/format.ts';
import { useDeleteReport } from '../api/delete-report.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { reportErrorText } from '../../../lib/user-error.ts';
import { ReportStatusBadge } from './report-status-badge.tsx';

export function ReportRow({ report, downloads }: { report: Report; downloads?: ReactNode }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const del = useDeleteReport();
  const [failureOpen, setFailureOpen] = useState(false);

  function view() {
    if (report.status === 'processing') navigate(`/app/processing/${report.id}`);
    else if (report.status === 'failed') setFailureOpen(true);
    else navigate(`/app/report/${report.id}`);
  }

  async function remove() {
    if (!window.confirm(messages.api.confirmDelete)) return;
    try {
      await del.mutateAsync(report.id);
      // Remove the row and decrement the total at once; the list refetch confirms it.
      client.setQueriesData<ReportListResponse>({ queryKey: ['reports', 'list'] }, (old) =>
        old && old.reports.some((r) => r.id === report.id)
          ? {
              ...old,
              reports: old.reports.filter((r) => r.id !== report.id),
              pagination: { ...old.pagination, totalReports: Math.max(0, old.pagination.totalReports - 1) },
              total_reports: Math.max(0, old.total_reports - 1),
            }
          : old,
      );
    } catch {
      window.alert(messages.api.deleteFailedAlert);
    }
  }

  return (
    <li
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid="report-row"
      data-report-id={report.id}
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold text-slate-900" title={report.name}>
              {report.name}
            </h3>
            <ReportStatusBadge status={report.status} step={report.step} />
          </div>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500">
            <div className="flex gap-1">
              <dt>Template:</dt>
              <dd className="max-w-[14rem] truncate text-slate-700">{report.template}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="sr-only">Created</dt>
              <dd>{formatDate(report.created_at)}</dd>
            </div>
            {report.size !== null && report.size !== undefined && (
              <div className="flex gap-1">
                <dt className="sr-only">Size</dt>
                <dd>{formatFileSize(report.size)}</dd>
              </div>
            )}
          </dl>
          {report.status === 'processing' && report.step === 'queued' && (
            <p className="mt-2 text-xs text-slate-500">{reportUiMessages.queuedHint}</p>
          )}
          {report.status === 'processing' && report.step !== 'queued' && (
            <div className="mt-3 flex items-center gap-3">
              <div
                role="progressbar"
                aria-label={`Progress of ${report.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={report.progress}
                className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className="h-full rounded-full bg-indigo-600 transition-all"
                  style={{ width: `${report.progress}%` }}
                />
              </div>
              <span className="text-xs font-medium text-slate-600">{report.progress}%</span>
            </div>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center lg:shrink-0 lg:flex-nowrap lg:justify-end">
          {/* On phones the priced buttons are too wide to share a row: each takes the full width, View and Delete share one below. */}
          {report.status === 'completed' && downloads && (
            <div className="col-span-2 grid gap-2 sm:contents">{downloads}</div>
          )}
          <Button variant="secondary" size="sm" onClick={view} aria-label={`View ${report.name}`}>
            <Eye aria-hidden="true" className="size-4" />
            View
          </Button>
          <Button
            variant="danger-ghost"
            size="sm"
            onClick={() => void remove()}
            loading={del.isPending}
            aria-label={`Delete ${report.name}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        </div>
      </div>
      <Dialog
        open={failureOpen}
        onClose={() => setFailureOpen(false)}
        title={messages.report.failureModalTitle}
        tone="danger"
        footer={
          <>
            <Button variant="secondary" onClick={() => setFailureOpen(false)}>
              Close
            </Button>
            <ButtonLink to="/app/upload">Generate New Report</ButtonLink>
          </>
        }
      >
        <p data-testid="failure-message">{reportErrorText(report.error, messages.report.failedDefault)}</p>
      </Dialog>
    </li>
  );
}
