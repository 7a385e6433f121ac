// The processing page's progress arithmetic (spec §4): step mapping, animated interpolation and stored start times.
import {
  PIPELINE_STEPS,
  PROCESSING_START_EXPIRY_MS,
  PROGRESS_SPEED_FACTOR,
  PROGRESS_STEP_CAP,
  STEP_INDEX,
  reportUiMessages,
  type DurationEstimate,
  type ReportStep,
  type StatusResponse,
} from '@atr/shared';

export const LAST_STEP = PIPELINE_STEPS.length - 1;

/** Index into PIPELINE_STEPS for a server step name; unknown names count as the first step. */
export function stepIndexOf(step: string | null | undefined): number {
  return step && Object.hasOwn(STEP_INDEX, step) ? STEP_INDEX[step as ReportStep] : 0;
}

/** Percentage where a step starts: 0 for the first, else the previous step's baseline. */
export function stepStart(index: number): number {
  const i = clampIndex(index);
  return i === 0 ? 0 : PIPELINE_STEPS[i - 1]!.baseline;
}

function clampIndex(index: number): number {
  return Math.min(Math.max(Math.trunc(index), 0), LAST_STEP);
}

/**
 * The animated overall percentage while a step runs: interpolated from the step's start towards its
 * baseline at 0.6 of real time over the step's nominal duration, never past 95% of the step, and never
 * reaching the next baseline (one point below it). The server's own progress is a floor.
 */
export function animatedProgress(stepIndex: number, secondsInStep: number, serverProgress = 0): number {
  const i = clampIndex(stepIndex);
  const step = PIPELINE_STEPS[i]!;
  const start = stepStart(i);
  const span = step.baseline - start;
  const fraction = Math.min(
    (Math.max(secondsInStep, 0) * PROGRESS_SPEED_FACTOR) / step.seconds,
    PROGRESS_STEP_CAP,
  );
  const ceiling = step.baseline - 1;
  const value = Math.min(start + span * fraction, ceiling);
  return Math.round(Math.min(Math.max(value, serverProgress, start), ceiling) * 10) / 10;
}

export type StepState = 'Complete' | 'In Progress' | 'Pending';

/** Label of each of the five steps given the current index; all Complete once the report is done. */
export function stepStates(currentIndex: number, completed: boolean): StepState[] {
  return PIPELINE_STEPS.map((_, i) =>
    completed || i < currentIndex ? 'Complete' : i === currentIndex ? 'In Progress' : 'Pending',
  );
}

/** What the page keeps per report in localStorage so a reload continues the animation. */
export interface StoredProgress {
  startedAt: number;
  stepIndex: number;
  stepStartedAt: number;
  progress: number;
  completed?: boolean;
}

/** Reads the stored record, dropping it when it cannot be read or its start is older than 2 hours. */
export function readStoredProgress(raw: string | null, now: number): StoredProgress | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredProgress>;
    if (typeof parsed.startedAt !== 'number' || typeof parsed.stepStartedAt !== 'number') return null;
    if (now - parsed.startedAt > PROCESSING_START_EXPIRY_MS || parsed.startedAt > now) return null;
    return {
      startedAt: parsed.startedAt,
      stepIndex: clampIndex(Number(parsed.stepIndex) || 0),
      stepStartedAt: parsed.stepStartedAt,
      progress: Number(parsed.progress) || 0,
      completed: parsed.completed === true,
    };
  } catch {
    return null;
  }
}

/** Advances the stored record to a newly reported step: the step clock restarts only when the step changes. */
export function advance(stored: StoredProgress | null, stepIndex: number, now: number): StoredProgress {
  const i = clampIndex(stepIndex);
  if (!stored) return { startedAt: now, stepIndex: i, stepStartedAt: now, progress: stepStart(i) };
  if (i > stored.stepIndex) return { ...stored, stepIndex: i, stepStartedAt: now };
  return stored;
}

/** Back-off between status polls that failed: 2 s, 4 s, 8 s… up to 30 s, for as long as the page is open. */
export function reconnectDelay(attempt: number): number {
  return Math.min(2_000 * 2 ** Math.max(attempt, 0), 30_000);
}

/**
 * The remaining-time line from the server's estimate, counted down since it arrived: "About 3 min remaining, based
 * on recent reports", or a first guess that says there is no history yet. Never a fixed promise (issue 13, item 5).
 */
export function remainingText(estimate: DurationEstimate, msSinceEstimate: number): string {
  const ms = Math.max(0, estimate.remainingMs - msSinceEstimate);
  const basis = estimate.basis === 'recent' ? reportUiMessages.estimateBasisRecent : null;
  if (ms < 60_000) return reportUiMessages.remainingUnderMinute(basis);
  return reportUiMessages.remainingMinutes(Math.ceil(ms / 60_000), basis);
}

/** How far a status answer is: queued, then each step in order, then a finished run (completed, failed, cancelled). */
export function statusRank(status: StatusResponse): number {
  if (status.state !== 'processing') return PIPELINE_STEPS.length + 1;
  if (status.step === 'queued') return 0;
  return 1 + stepIndexOf(status.step);
}

/**
 * Of the answer on screen and a new one, the one to show: an answer behind the one shown (a slow request that set
 * out before the newer one arrived) never takes the page back; at the same point the newer answer wins.
 */
export function furthest<T extends { status: StatusResponse }>(shown: T | undefined, next: T): T {
  if (!shown) return next;
  return statusRank(next.status) < statusRank(shown.status) ? shown : next;
}
