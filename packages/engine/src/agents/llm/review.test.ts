// The model review on a small context: what it is shown (the claims, their cited lines, the facts
// they touch, within a cap) and, against the loopback model server with a reviewer that checks
// numbers and citations against what it is shown, that a wrong number or a citation of a line that
// does not exist is still caught.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownFiles } from '../../citations.ts';
import { memoryCache } from '../../llm/cache.ts';
import { parseAiConfig } from '../../llm/config.ts';
import {
  type FakeReply,
  type FakeRequest,
  fixtureModel,
  startFakeModelServer,
} from '../../llm/fake-model-server.ts';
import { generateReport } from '../../pipeline.ts';
import { parseTemplate } from '../../template/parse.ts';
import { bareLibraryAnalysis, SAMPLE_APP_DIR } from '../test-fixtures.ts';
import { factsBlock } from './evidence.ts';
import { claimsOf, factsStated, REVIEW_CITED_TOKENS, reviewContext } from './review.ts';

const FILE = 'src/services/loan-service.ts';
const read = async (p: string) =>
  p === FILE ? (await fs.readFile(path.join(SAMPLE_APP_DIR, p), 'utf8')).split('\n') : undefined;
const known = knownFiles([FILE]);
const tokens = (t: string) => Math.ceil(t.length / 4);

describe('the review context', () => {
  it('keeps the sentences that cite, count or name code, and the facts they touch', () => {
    const md = [
      '## Loans',
      'Lending is the heart of the service.',
      `A loan lasts 21 days (\`${FILE}:12\`). The project has 12 files.`,
      '| name | where |',
      '| --- | --- |',
      `| \`lendBook\` | \`${FILE}:18\` |`,
    ].join('\n');
    expect(claimsOf(md)).toEqual([
      `A loan lasts 21 days (\`${FILE}:12\`).`,
      'The project has 12 files.',
      `| \`lendBook\` | \`${FILE}:18\` |`,
    ]);
    const facts = 'project: Shelf\nfiles analysed: 12\nlines: 300 code, 20 comment, 40 blank\nlicence: MIT';
    expect(factsStated(facts, claimsOf(md))).toEqual(['files analysed: 12']);
    expect(factsStated(facts, ['Released under the MIT licence.'])).toEqual(['licence: MIT']);
  });

  it('chooses the facts an absence is given in by its value, not by where it was searched', () => {
    const facts = factsBlock(bareLibraryAnalysis(), 'tinylib');
    const claim = 'Every file of the repository reads its settings from the environment.';
    expect(facts).toContain('(searched: the environment reads of');
    expect(factsStated(facts, [claim])).toEqual([]);
  });

  it('shows each cited line with a few lines around it, not the file', async () => {
    const ctx = await reviewContext(`Loans last 21 days (\`${FILE}:12\`).`, '', known, read, tokens);
    expect(ctx.cited).toHaveLength(1);
    expect(ctx.cited[0]).toMatch(/^FILE src\/services\/loan-service.ts \(lines 10-14\)/);
    expect(ctx.cited[0]).toContain('12| const LOAN_DAYS = 21;');
    expect(ctx.cited[0]).not.toContain('lendBook');
  });

  it('stays within its cap however many lines a draft cites, and says which it could not show', async () => {
    const md = Array.from({ length: 200 }, (_, i) => `Line ${i + 1} matters (\`${FILE}:${(i % 32) + 1}\`).`);
    const many = [...md, ...Array.from({ length: 200 }, (_, i) => `See \`other/f${i}.ts:${i + 1}\`.`)];
    const bigRead = async (p: string) =>
      p.startsWith('other/') ? Array.from({ length: 400 }, (_, i) => `const value${i} = ${i};`) : read(p);
    const ctx = await reviewContext(many.join('\n'), '', knownFiles([FILE]), bigRead, tokens);
    const shown = ctx.cited.join('\n');
    expect(tokens(shown)).toBeLessThanOrEqual(REVIEW_CITED_TOKENS * 1.2);
    expect(ctx.notShown.length).toBeGreaterThan(0);
  });
});

// A reviewer that does what the system prompt asks, mechanically: a number in a claim must appear in
// the facts or the cited lines it was shown, and a cited line must be among those shown.
function diligentReviewer(req: FakeRequest): FakeReply {
  const block = (label: string) =>
    [
      ...req.prompt.matchAll(
        new RegExp(`<<<DATA (\\w+) ${label}>>>\\n([\\s\\S]*?)\\n<<<END DATA \\1>>>`, 'g'),
      ),
    ]
      .map((m) => m[2]!)
      .join('\n');
  const claims = block('claims');
  const shown = `${block('cited lines')}\n${block('facts')}`;
  // what the shown lines and facts say: without the line numbers and the excerpts' headers
  const code = shown.replace(/^FILE .*$/gm, '').replace(/^\s*\d+\| /gm, '');
  const problems: string[] = [];
  for (const claim of claims.split('\n')) {
    const prose = claim.replace(/`[^`]*`/g, ' ');
    for (const n of prose.match(/\d+/g) ?? [])
      if (!new RegExp(`(?<![\\d|])${n}(?!\\d)`).test(code))
        problems.push(`"${claim}" states ${n}, which neither the cited lines nor the facts give.`);
    for (const [, file, line] of claim.matchAll(/`([^`:]+):(\d+)`/g))
      if (
        !new RegExp(`FILE ${file} \\(lines`).test(shown) ||
        !new RegExp(`^\\s*${line}\\| `, 'm').test(shown)
      )
        problems.push(`"${claim}" cites ${file}:${line}, which was not shown.`);
  }
  return { text: JSON.stringify({ problems }) };
}

describe('the review still catches what is wrong', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-review-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** A one-section report whose writer always answers `draft`, reviewed by the diligent reviewer. */
  async function reportWith(draft: string) {
    const server = await startFakeModelServer((req) => {
      const role = /Role: (\w+)/.exec(req.system)?.[1];
      if (role === 'writer') return { text: draft };
      if (role === 'reviewer') return diligentReviewer(req);
      return fixtureModel(req);
    });
    try {
      const r = await generateReport(
        {
          projectName: 'Shelf',
          source: { kind: 'directory', path: SAMPLE_APP_DIR },
          template: parseTemplate('report_structure:\n  - title: Loan Handling\n'),
        },
        {
          workDir: await fs.mkdtemp(path.join(dir, 'run-')),
          now: () => new Date('2026-03-02T10:00:00Z'),
          onProgress: () => {},
          ai: parseAiConfig({ provider: 'openai', model: 'gpt-4.1-mini', baseUrl: server.url, apiKey: 'k' }),
          modelCache: memoryCache(),
        },
        { pdfEngine: 'js' },
      );
      const of = (role: string) => server.requests.filter((q) => new RegExp(`Role: ${role}`).test(q.system));
      return {
        writer: r.trace.find((t) => t.role === 'writer')!,
        writers: of('writer'),
        reviews: of('reviewer'),
      };
    } finally {
      await server.close();
    }
  }

  it('passes a draft whose numbers its cited lines give: the small context holds what it needs', async () => {
    const ok = await reportWith(
      `A loan lasts 21 days (\`${FILE}:12\`) and is opened by \`lendBook\` (\`${FILE}:18\`).`,
    );
    expect(ok.reviews).toHaveLength(1);
    expect(ok.writer.details?.reviewProblems).toBeUndefined();
    expect(ok.writer.details?.source).toBe('model');
    // the review was sent the cited lines, not the writer's summaries and excerpts
    const review = ok.reviews[0]!.prompt;
    expect(review).toContain('12| const LOAN_DAYS = 21;');
    expect(review).not.toMatch(/summary|excerpt/i);
    expect(review.length).toBeLessThan(ok.writers[0]!.prompt.length / 3);
  }, 60_000);

  it('sends back a draft with a number its cited line contradicts', async () => {
    // "days" is no count the deterministic checks know: only the review can see that 14 is wrong
    const wrong = await reportWith(`A loan lasts 14 days (\`${FILE}:12\`).`);
    expect(wrong.reviews).toHaveLength(1);
    expect(JSON.stringify(wrong.writer.details?.reviewProblems)).toContain(
      'states 14, which neither the cited lines nor the facts give',
    );
    expect(wrong.writers).toHaveLength(2);
    expect(wrong.writers[1]!.prompt).toContain('states 14');
  }, 60_000);

  it('sends back, then replaces, a draft citing a line that does not exist or a count the facts do not give', async () => {
    const wrong = await reportWith(`Loans are handled in \`${FILE}:999\`; the project has 4711 files.`);
    const problems = ((wrong.writer.details?.reviewProblems as string[][]) ?? []).flat().join('\n');
    expect(problems).toContain(`points at line 999, but ${FILE} has`);
    expect(problems).toContain('"4711 files" is not supported by the analysis');
    expect(wrong.writer.details?.source).toBe('offline-fallback');
  }, 60_000);
});
