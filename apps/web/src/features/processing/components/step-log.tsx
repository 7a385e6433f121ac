// The live step log of a report: the steps the engine really ran, when each started, how long it took, what it
// said it was doing, and its units of work (files read, sections written) while it counts them.
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { PIPELINE_STEPS, type StepLogEntry } from '@atr/shared';
import { cn } from '../../../lib/cn.ts';
import { formatDuration } from '../../../lib/format.ts';

const labelOf = (step: string) =>
  PIPELINE_STEPS.find((s) => s.key === step)?.label ?? (step === 'done' ? 'Finishing' : step);

const clock = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function StepLog({
  entries,
  now,
  running,
}: {
  entries: StepLogEntry[];
  now: number;
  /** False once the report stopped (failed or cancelled): an unfinished step is then shown as stopped. */
  running: boolean;
}) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="step-log-title" className="mt-6">
      <h2 id="step-log-title" className="text-sm font-semibold text-slate-900">
        Step log
      </h2>
      <ol className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-live="off">
        {entries.map((e, i) => {
          const state = e.endedAt ? 'done' : running ? 'running' : 'stopped';
          const started = Date.parse(e.startedAt);
          const elapsed = (e.endedAt ? Date.parse(e.endedAt) : now) - started;
          return (
            <li
              key={`${e.step}-${i}`}
              data-testid="step-log-entry"
              data-state={state}
              className="flex items-start gap-3 px-3 py-2 text-sm tabular-nums"
            >
              {state === 'done' ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              ) : state === 'running' ? (
                <Loader2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-indigo-600" />
              ) : (
                <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-500" />
              )}
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-slate-900">{labelOf(e.step)}</span>
                  {e.total !== null && e.done !== null && (
                    <span className="text-xs text-slate-500" data-testid="step-units">
                      {e.done} of {e.total}
                    </span>
                  )}
                </p>
                {e.message && (
                  <p className="truncate text-xs text-slate-500" title={e.message}>
                    {e.message}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 flex-col items-end text-xs text-slate-500">
                <time dateTime={e.startedAt} title={new Date(started).toString()}>
                  {clock.format(started)}
                </time>
                {state === 'done' ? (
                  <span data-testid="step-duration" className="font-medium text-slate-700">
                    {formatDuration(elapsed)}
                  </span>
                ) : (
                  <span className={cn(state === 'running' ? 'text-indigo-700' : 'text-rose-700')}>
                    {state === 'running' ? `${formatDuration(Math.max(0, elapsed))} so far` : 'Stopped'}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
