// The processing page's progress arithmetic (spec §4): step mapping, animated interpolation and stored start times.
import {
  PIPELINE_STEPS,
  PROCESSING_START_EXPIRY_MS,
  PROGRESS_SPEED_FACTOR,
  PROGRESS_STEP_CAP,
  STEP_INDEX,
  type ReportStep,
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

/** Remaining nominal seconds: the rest of the current step at the animated pace plus every later step. */
export function remainingSeconds(stepIndex: number, secondsInStep: number): number {
  const i = clampIndex(stepIndex);
  const current = PIPELINE_STEPS[i]!;
  const rest = Math.max(current.seconds - Math.max(secondsInStep, 0) * PROGRESS_SPEED_FACTOR, 0);
  return Math.round(rest + PIPELINE_STEPS.slice(i + 1).reduce((sum, s) => sum + s.seconds, 0));
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

/** mm:ss style "about N minutes" text for the remaining time. */
export function formatRemaining(seconds: number): string {
  if (seconds <= 0) return 'less than a minute';
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
}

/** Back-off between status polls that failed: 2 s, 4 s, 8 s… up to 30 s, for as long as the page is open. */
export function reconnectDelay(attempt: number): number {
  return Math.min(2_000 * 2 ** Math.max(attempt, 0), 30_000);
}
