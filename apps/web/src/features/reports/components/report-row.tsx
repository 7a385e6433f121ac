// One dense row (≈48 px) of Recent Reports: status, name, template, size, when (relative, exact on hover), progress
// while processing; its actions show on hover and keyboard focus (always on touch screens), and Delete sits in
// the row's menu behind a branded confirmation.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, Link2, MoreHorizontal, Trash2 } from 'lucide-react';
import { messages, reportUiMessages, type Report } from '@atr/shared';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Menu, type MenuItem } from '../../../components/ui/menu.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { formatDate, formatFileSize, formatRelativeTime } from '../../../lib/format.ts';
import { logError, reportErrorText } from '../../../lib/user-error.ts';
import { scheduleDelete } from '../hooks/pending-deletes.ts';
import { ReportStatusBadge } from './report-status-badge.tsx';

export function ReportRow({
  report,
  downloads,
  now,
}: {
  report: Report;
  downloads?: ReactNode;
  /** The list's clock, so every relative time on screen moves together. */
  now: number;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failureOpen, setFailureOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const queued = report.status === 'processing' && report.step === 'queued';

  function view() {
    if (report.status === 'processing') navigate(`/app/processing/${report.id}`);
    else if (report.status === 'failed') setFailureOpen(true);
    else navigate(`/app/report/${report.id}`);
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/app/report/${report.id}`);
      toast(reportUiMessages.shareOwnerOnly);
    } catch (e) {
      logError('Copying the report link failed', e);
      toast(reportUiMessages.linkCopyFailed, { tone: 'error' });
    }
  }

  const items: MenuItem[] = [
    { label: 'View', icon: <Eye aria-hidden="true" className="size-4" />, onSelect: view },
    ...(report.status === 'completed'
      ? [
          {
            label: 'Copy link',
            icon: <Link2 aria-hidden="true" className="size-4" />,
            onSelect: () => void copyLink(),
          },
        ]
      : []),
    {
      label: 'Delete',
      icon: <Trash2 aria-hidden="true" className="size-4" />,
      tone: 'danger',
      onSelect: () => setConfirmOpen(true),
    },
  ];

  return (
    <li
      className="group relative flex min-h-12 flex-col gap-2 px-4 py-2 tabular-nums first:rounded-t-2xl last:rounded-b-2xl hover:bg-slate-50 focus-within:bg-slate-50 lg:flex-row lg:items-center lg:gap-4 lg:py-1.5"
      data-testid="report-row"
      data-report-id={report.id}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="w-24 shrink-0">
          <ReportStatusBadge status={report.status} step={report.step} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-slate-900" title={report.name}>
            {report.name}
          </h3>
          <p className="flex min-w-0 gap-x-3 text-xs text-slate-500">
            <span className="truncate" title={`Template: ${report.template}`}>
              <span className="sr-only">Template: </span>
              {report.template}
            </span>
            {report.size !== null && report.size !== undefined && (
              <span className="shrink-0">
                <span className="sr-only">Size: </span>
                {formatFileSize(report.size)}
              </span>
            )}
            <time
              className="shrink-0 lg:hidden"
              dateTime={report.created_at}
              title={formatDate(report.created_at)}
            >
              {formatRelativeTime(report.created_at, now)}
            </time>
          </p>
          {queued && <p className="sr-only">{reportUiMessages.queuedHint}</p>}
        </div>
      </div>

      {report.status === 'processing' && !queued && (
        <div className="flex items-center gap-2 lg:w-40">
          <div
            role="progressbar"
            aria-label={`Progress of ${report.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={report.progress}
            className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-indigo-600 transition-all"
              style={{ width: `${report.progress}%` }}
            />
          </div>
          <span className="w-9 text-right text-xs font-medium text-slate-600">{report.progress}%</span>
        </div>
      )}

      {/* Last on wide screens, so the times form one column whatever actions a row has (downloads or not). */}
      <time
        className="hidden w-24 shrink-0 text-right text-xs text-slate-500 lg:order-last lg:block"
        dateTime={report.created_at}
        title={formatDate(report.created_at)}
      >
        {formatRelativeTime(report.created_at, now)}
      </time>

      {/* Quiet until the row is pointed at or holds the focus; touch screens cannot hover, so there they always show. */}
      <div
        className="flex flex-wrap items-center gap-2 transition-opacity lg:flex-nowrap lg:justify-end lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100 [@media(hover:none)]:opacity-100"
        data-testid="row-actions"
      >
        {report.status === 'completed' && downloads && (
          <div className="grid w-full grid-cols-1 gap-2 sm:flex sm:w-auto">{downloads}</div>
        )}
        <Button variant="secondary" size="sm" onClick={view} aria-label={`View ${report.name}`}>
          <Eye aria-hidden="true" className="size-4" />
          View
        </Button>
        <Menu
          label={`More actions for ${report.name}`}
          menuLabel={`Actions for ${report.name}`}
          items={items}
        >
          <MoreHorizontal aria-hidden="true" className="size-4" />
        </Menu>
      </div>

      <ConfirmDialog
        open={confirmOpen}
        title={reportUiMessages.deleteTitle}
        message={reportUiMessages.deleteConfirm(report.name)}
        confirmLabel="Delete"
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setConfirmOpen(false);
          scheduleDelete(report.id, report.name, client);
        }}
      />
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
