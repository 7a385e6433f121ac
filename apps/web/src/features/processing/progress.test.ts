// Unit tests of the processing progress arithmetic against the constants of spec §4.
import { describe, expect, it } from 'vitest';
import { PIPELINE_STEPS } from '@atr/shared';
import {
  furthest,
  statusRank,
  advance,
  reconnectDelay,
  animatedProgress,
  readStoredProgress,
  remainingText,
  stepIndexOf,
  stepStart,
  stepStates,
} from './progress.ts';

describe('stepIndexOf', () => {
  it('maps server step names as spec §4 says', () => {
    expect(
      [
        'queued',
        'initializing',
        'personalizing',
        'ai_code_analysis',
        'generating_markdown',
        'building_docx',
        'done',
      ].map(stepIndexOf),
    ).toEqual([0, 0, 1, 2, 3, 4, 4]);
  });
  it('treats unknown or missing names as the first step', () => {
    expect(stepIndexOf('mystery')).toBe(0);
    expect(stepIndexOf(null)).toBe(0);
    expect(stepIndexOf('toString')).toBe(0);
  });
});

describe('animatedProgress', () => {
  it('uses the baselines 5/25/75/95/100', () => {
    expect(PIPELINE_STEPS.map((s) => s.baseline)).toEqual([5, 25, 75, 95, 100]);
    expect([0, 1, 2, 3, 4].map(stepStart)).toEqual([0, 5, 25, 75, 95]);
  });
  it('starts each step at the previous baseline', () => {
    expect(animatedProgress(2, 0)).toBe(25);
    expect(animatedProgress(0, 0)).toBe(0);
  });
  it('interpolates at 0.6 of real time', () => {
    // Personalizing: 180 s nominal, 5 → 25. After 100 s real time: 60 s effective = 1/3 of the step.
    expect(animatedProgress(1, 100)).toBeCloseTo(5 + 20 / 3, 1);
    // AI Code Analysis: 240 s, 25 → 75. After 200 s: 120 s effective = half.
    expect(animatedProgress(2, 200)).toBe(50);
  });
  it('caps at 95% of the step and one point below the next baseline', () => {
    // Step 2 at 95%: 25 + 50 * 0.95 = 72.5, below 74.
    expect(animatedProgress(2, 10_000)).toBe(72.5);
    // Step 0 at 95%: 4.75, below 4.
    expect(animatedProgress(0, 10_000)).toBe(4);
    // Step 4: 95 + 5 * .95 = 99.75, capped at 99.
    expect(animatedProgress(4, 10_000)).toBe(99);
  });
  it('never goes below the server progress, nor past the cap because of it', () => {
    expect(animatedProgress(2, 0, 60)).toBe(60);
    expect(animatedProgress(2, 0, 90)).toBe(74);
  });
});

describe('remainingText', () => {
  const estimate = (remainingMs: number, basis: 'recent' | 'default') => ({
    basis,
    samples: basis === 'recent' ? 3 : 0,
    mode: 'offline' as const,
    totalMs: 60_000,
    remainingMs,
    steps: [],
  });
  it('says it is based on recent reports when it is', () => {
    expect(remainingText(estimate(150_000, 'recent'), 0)).toBe(
      'About 3 min remaining, based on recent reports',
    );
    expect(remainingText(estimate(150_000, 'recent'), 100_000)).toBe(
      'Less than a minute remaining, based on recent reports',
    );
  });
  it('calls a guess without history a first estimate', () => {
    expect(remainingText(estimate(150_000, 'default'), 0)).toMatch(
      /^About 3 min remaining .*no recent reports/,
    );
  });
  it('never counts below zero', () => {
    expect(remainingText(estimate(10_000, 'recent'), 60_000)).toBe(
      'Less than a minute remaining, based on recent reports',
    );
  });
});

describe('stepStates', () => {
  it('marks earlier steps Complete, the current In Progress, later Pending', () => {
    expect(stepStates(2, false)).toEqual(['Complete', 'Complete', 'In Progress', 'Pending', 'Pending']);
  });
  it('marks every step Complete when done', () => {
    expect(stepStates(4, true)).toEqual(Array(5).fill('Complete'));
  });
});

describe('stored progress', () => {
  const now = 1_700_000_000_000;
  it('reads a recent record', () => {
    const rec = { startedAt: now - 60_000, stepIndex: 2, stepStartedAt: now - 10_000, progress: 30 };
    expect(readStoredProgress(JSON.stringify(rec), now)).toEqual({ ...rec, completed: false });
  });
  it('drops a record older than 2 hours, garbage and nothing', () => {
    const old = { startedAt: now - 2 * 3600_000 - 1, stepIndex: 1, stepStartedAt: now, progress: 5 };
    expect(readStoredProgress(JSON.stringify(old), now)).toBeNull();
    expect(readStoredProgress('{nope', now)).toBeNull();
    expect(readStoredProgress(null, now)).toBeNull();
  });
  it('restarts the step clock only when the step moves forward', () => {
    const first = advance(null, 1, now);
    expect(first).toEqual({ startedAt: now, stepIndex: 1, stepStartedAt: now, progress: 5 });
    expect(advance(first, 1, now + 5000)).toBe(first);
    expect(advance(first, 0, now + 5000)).toBe(first);
    expect(advance(first, 3, now + 9000)).toEqual({ ...first, stepIndex: 3, stepStartedAt: now + 9000 });
  });
});

describe('reconnectDelay', () => {
  it('doubles from 2 s and stays at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(reconnectDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('furthest (a slower, older answer never takes the page back)', () => {
  const answer = (state: 'processing' | 'completed' | 'failed', step: string) => ({
    status: { state, step, progress: 0, error: null, step_log: [] } as Parameters<typeof statusRank>[0],
  });
  it('ranks queued, then the steps in order, then a finished run', () => {
    const ranks = ['queued', 'initializing', 'personalizing', 'ai_code_analysis'].map((s) =>
      statusRank(answer('processing', s).status),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(statusRank(answer('completed', 'done').status)).toBeGreaterThan(ranks.at(-1)!);
  });
  it('keeps the answer shown when the new one is behind it, and takes a newer or equal one', () => {
    const running = answer('processing', 'personalizing');
    expect(furthest(running, answer('processing', 'queued'))).toBe(running);
    expect(furthest(running, answer('processing', 'initializing'))).toBe(running);
    const later = answer('processing', 'personalizing');
    expect(furthest(running, later)).toBe(later);
    const failed = answer('failed', 'personalizing');
    expect(furthest(running, failed)).toBe(failed);
    expect(furthest(failed, answer('processing', 'ai_code_analysis'))).toBe(failed);
    expect(furthest(undefined, running)).toBe(running);
  });
});
