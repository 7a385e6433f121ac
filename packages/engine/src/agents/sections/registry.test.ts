// The registry is the one list of section kinds: the planner, the analysts, the writers, the LLM
// planner and the cost estimate all answer from it.

import { describe, expect, it } from 'vitest';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import { KINDS } from '../llm/planner.ts';
import { classifyTitle, EVIDENCE, focusFor } from '../planner.ts';
import { WRITERS } from '../writers/index.ts';
import { SECTION_KINDS, SECTIONS, SYNTHESIS_KINDS, sectionOf } from './index.ts';

describe('section registry', () => {
  it('declares every kind once, each with its evidence, analyst and writer', () => {
    expect(new Set(SECTION_KINDS).size).toBe(SECTIONS.length);
    for (const s of SECTIONS) {
      expect(s.evidence.length, s.kind).toBeGreaterThan(0);
      expect(typeof s.analyst, s.kind).toBe('function');
      expect(WRITERS[s.kind], s.kind).toBe(s.writer);
      expect(EVIDENCE[s.kind], s.kind).toBe(s.evidence);
      expect(sectionOf(s.kind)).toBe(s);
    }
    expect(KINDS).toEqual(SECTION_KINDS);
    expect(SYNTHESIS_KINDS).toEqual(SECTION_KINDS.filter((k) => k !== 'custom'));
  });

  it("lets the planner pick each kind by the kind's own keywords, and each aspect by its phrases", () => {
    for (const s of SECTIONS) {
      if (s.kind === 'custom') {
        expect(s.keywords).toEqual([]);
        continue;
      }
      // a kind's longest phrase is specific enough to select it on its own
      const phrase = [...s.keywords].sort(
        (x, y) => y.split(' ').length - x.split(' ').length || y.length - x.length,
      )[0]!;
      expect(classifyTitle(phrase).kind, `${s.kind}: "${phrase}"`).toBe(s.kind);
      for (const [p, aspect] of s.aspects ?? []) {
        if (s.aspects!.filter(([q]) => p.includes(q) || q.includes(p)).length > 1) continue; // overlapping phrases name no single aspect
        expect(focusFor(p, s.kind), `${s.kind}: "${p}"`).toBe(aspect);
      }
    }
  });

  it('runs every analyst on a real analysis without throwing, each finding a sentence', () => {
    const a = sampleAppAnalysis();
    for (const s of SECTIONS) {
      for (const f of s.analyst(a)) expect(f.statement, s.kind).toMatch(/\S.*[.:)"]$/s);
    }
  });
});
