// How long a report still needs, from measured durations (issue 13, item 5): the median of each step over the
// newest completed reports run the same way (offline agents or a language model), scaled by the size of the code
// base when both sizes are known, minus what the running step has already spent. Without history it falls back to
// a first guess and says so. Pure arithmetic here; the SQL is the repository's. See docs/decisions/023.
import { PIPELINE_STEPS, type DurationEstimate, type StepLogEntry } from '@atr/shared';
import type { EngineMode } from './repository.ts';

/** The newest completed reports the medians are taken over. */
export const ESTIMATE_SAMPLE_LIMIT = 20;

/** First guesses per step (ms) when nothing has completed yet: an offline run of a small project takes ~30 s. */
export const DEFAULT_STEP_MS: Record<EngineMode, Record<string, number>> = {
  offline: {
    initializing: 3_000,
    personalizing: 1_000,
    ai_code_analysis: 10_000,
    generating_markdown: 6_000,
    building_docx: 10_000,
  },
  model: {
    initializing: 3_000,
    personalizing: 1_000,
    ai_code_analysis: 60_000,
    generating_markdown: 240_000,
    building_docx: 10_000,
  },
};

/** Size scaling is damped (square root) and bounded: fixed costs dominate small projects. */
const SCALE_MIN = 0.5;
const SCALE_MAX = 4;

export interface EstimateSample {
  timings: Record<string, number>;
  bytes: number | null;
}

export interface ReportProgress {
  step: string;
  stepLog: StepLogEntry[];
  /** Size of the uploaded code base, when there is one (a GitHub archive's size is not known before download). */
  bytes: number | null;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function estimateDuration(
  report: ReportProgress,
  mode: EngineMode,
  samples: EstimateSample[],
  now: number,
): DurationEstimate {
  const usable = samples.filter((s) => PIPELINE_STEPS.some((p) => typeof s.timings[p.key] === 'number'));
  const basis = usable.length > 0 ? 'recent' : 'default';
  const sizes = usable.map((s) => s.bytes).filter((b): b is number => b !== null && b > 0);
  const typicalBytes = median(sizes);
  const scale =
    report.bytes && typicalBytes
      ? Math.min(SCALE_MAX, Math.max(SCALE_MIN, Math.sqrt(report.bytes / typicalBytes)))
      : 1;
  const steps = PIPELINE_STEPS.map((p) => {
    const measured = median(
      usable.map((s) => s.timings[p.key]).filter((v): v is number => typeof v === 'number'),
    );
    const ms = measured ?? DEFAULT_STEP_MS[mode][p.key]!;
    // Reading the archive does not grow with the analysis; everything after it does.
    return { step: p.key, ms: Math.round(p.key === 'initializing' ? ms : ms * scale) };
  });
  const totalMs = steps.reduce((n, s) => n + s.ms, 0);

  let remainingMs = totalMs;
  const current = steps.findIndex((s) => s.step === report.step);
  if (report.step === 'done') remainingMs = 0;
  else if (current >= 0) {
    const entry = [...report.stepLog].reverse().find((e) => e.step === report.step && !e.endedAt);
    const spent = entry ? Math.max(0, now - Date.parse(entry.startedAt)) : 0;
    const rest = Math.max(0, steps[current]!.ms - spent);
    remainingMs = rest + steps.slice(current + 1).reduce((n, s) => n + s.ms, 0);
  }
  return { basis, samples: usable.length, mode, totalMs, remainingMs: Math.round(remainingMs), steps };
}
