import { describe, expect, it } from 'vitest';
import { extractCitations, replaceCodeSpans } from '../citations.ts';
import { reviewDraft } from './reviewer.ts';
import { cite } from './writers/markdown.ts';
import { SAMPLE_APP_DIR, sampleAppAnalysis, workspaceFor } from './test-fixtures.ts';
import type { AgentDeps, SectionDraft } from './types.ts';

const analysis = sampleAppAnalysis();
const deps: AgentDeps = {
  analysis,
  workspace: workspaceFor(analysis, SAMPLE_APP_DIR),
  projectName: 'Bookshelf',
  imageNames: [],
  model: 'offline',
};
const draft = (markdown: string, kind: SectionDraft['kind'] = 'api'): SectionDraft => ({
  id: '5',
  level: 1,
  title: 'API',
  kind,
  markdown,
  citations: [],
});

describe('reviewer', () => {
  it('accepts a clean section unchanged and lists its citations', async () => {
    const md =
      'Books are listed at `src/routes/books.ts:15` and loans at `src/routes/loans.ts:7`; see `README.md`.';
    const r = await reviewDraft({ draft: draft(md) }, deps);
    expect(r.markdown).toBe(md);
    expect(r.reviewNotes).toBeUndefined();
    expect(r.citations).toEqual(['src/routes/books.ts:15', 'src/routes/loans.ts:7', 'README.md']);
  });

  it('keeps the line of a cited text file without a language', async () => {
    const a = sampleAppAnalysis();
    a.files = a.files.map((f) =>
      f.path === '.env.example' ? { ...f, language: null, code: 0, comment: 0, blank: 0, lines: 5 } : f,
    );
    const md = 'The sample env file sets the port (`.env.example:3`).';
    const r = await reviewDraft({ draft: draft(md) }, { ...deps, analysis: a });
    expect(r.markdown).toBe(md);
    expect(r.reviewNotes).toBeUndefined();
  });

  it('replaces an empty section with the analysts’ findings for its kind', async () => {
    const r = await reviewDraft({ draft: draft('   \n') }, deps);
    expect(r.markdown).toMatch(/9 HTTP routes/);
    expect(r.reviewNotes).toEqual(['Section was empty; replaced with the analysts’ findings.']);
  });

  it('leaves a chapter intro empty when its writer had nothing of its own to say', async () => {
    const r = await reviewDraft({ draft: { ...draft(''), intro: true } }, deps);
    expect(r.markdown).toBe('');
    expect(r.reviewNotes).toBeUndefined();
  });

  it.each([
    ['Lorem ipsum dolor sit amet.', 'lorem ipsum'],
    ['TODO: write this part.', 'TODO: write'],
    ['Authentication is TBD.', 'TBD'],
    ['This section describes the API of the system.', '"This section describes…"'],
    ['[Insert diagram here]', 'placeholder'],
  ])('removes placeholder text: %s', async (line, label) => {
    const r = await reviewDraft(
      { draft: draft(`${line}\nThe router in \`src/routes/books.ts:15\` lists books.`) },
      deps,
    );
    expect(r.markdown).toBe('The router in `src/routes/books.ts:15` lists books.');
    expect(r.reviewNotes?.[0]).toContain(label);
  });

  it('does not mistake quoted code (a TODO note in a code span) for a placeholder', async () => {
    const md = '| TODO | `TBD: paginate` | `src/routes/loans.ts:12` |';
    const r = await reviewDraft({ draft: draft(md, 'known-issues') }, deps);
    expect(r.markdown).toBe(md);
    expect(r.reviewNotes).toBeUndefined();
  });

  it('removes a citation to a file that is not in the analysis', async () => {
    const r = await reviewDraft(
      {
        draft: draft(
          'Payments are handled in a service (`src/payments/stripe.ts:12`). Books: `src/routes/books.ts:15`.',
        ),
      },
      deps,
    );
    expect(r.markdown).toBe('Payments are handled in a service. Books: `src/routes/books.ts:15`.');
    expect(r.citations).toEqual(['src/routes/books.ts:15']);
    expect(r.reviewNotes).toEqual([
      'Removed citation src/payments/stripe.ts:12: no such file in the analysis.',
    ]);
  });

  it('cites the file instead when the line is past its end', async () => {
    const r = await reviewDraft({ draft: draft('The health route is at `src/routes/health.ts:80`.') }, deps);
    expect(r.markdown).toBe('The health route is at `src/routes/health.ts`.');
    expect(r.reviewNotes?.[0]).toMatch(/past the end of src\/routes\/health\.ts \(8 lines\)/);
  });

  it('repairs a citation whose path is incomplete but names exactly one file', async () => {
    const r = await reviewDraft({ draft: draft('Loans are returned in `loans.ts:17`.') }, deps);
    expect(r.markdown).toBe('Loans are returned in `src/routes/loans.ts:17`.');
    expect(r.citations).toEqual(['src/routes/loans.ts:17']);
    expect(r.reviewNotes?.[0]).toMatch(/repaired to src\/routes\/loans\.ts:17/);
  });

  it('leaves code that only looks like host:port alone', async () => {
    const md = 'The server listens on `127.0.0.1:3000` and `localhost:3000`.';
    const r = await reviewDraft({ draft: draft(md) }, deps);
    expect(r.markdown).toBe(md);
    expect(extractCitations(md)).toEqual([]);
  });

  it('reads code spans as CommonMark does: a name holding backticks is one span, never split', async () => {
    const spans: string[] = [];
    replaceCodeSpans('a ``x`y`` b ` c ` d ```e``` f `unclosed', (whole, _t, inner) => {
      spans.push(inner);
      return whole;
    });
    expect(spans).toEqual(['x`y', ' c ', 'e']);
    // a hostile file name cited with a longer fence stays whole through the review: no part of it
    // ("y.js:1") is read as a citation of its own and cut out, which would free the link inside
    const evil = 'src/x`[Download](https://evil.example/p.exe)`y.js';
    const md = `The handler lives in ${cite(evil, 1)} next to ${cite('src/routes/books.ts', 15)}.`;
    const r = await reviewDraft({ draft: draft(md) }, deps);
    expect(r.markdown).toBe(md);
    expect(r.reviewNotes).toBeUndefined();
  });

  it('checks line ranges, and a range that runs past the end cites the file', async () => {
    const ok = 'Loans are returned in `src/routes/loans.ts:3-9`.';
    const r = await reviewDraft({ draft: draft(ok) }, deps);
    expect(r.markdown).toBe(ok);
    expect(r.citations).toEqual(['src/routes/loans.ts:3-9']);
    const past = await reviewDraft({ draft: draft('Health is at `src/routes/health.ts:2-30`.') }, deps);
    expect(past.markdown).toBe('Health is at `src/routes/health.ts`.');
    expect(past.reviewNotes?.[0]).toMatch(/past the end of src\/routes\/health\.ts/);
    const repaired = await reviewDraft({ draft: draft('Loans: `loans.ts:3-9`.') }, deps);
    expect(repaired.markdown).toBe('Loans: `src/routes/loans.ts:3-9`.');
  });

  it('checks a known file without folder or extension (`Makefile:3`) and leaves fenced code alone', async () => {
    const md = 'Build with `Makefile:3`.\n\n```\nsee `src/nope.ts:1`\n```';
    const r = await reviewDraft({ draft: draft(md) }, deps);
    expect(r.markdown).toBe(md);
    expect(r.citations).toEqual(['Makefile:3']);
    const past = await reviewDraft({ draft: draft('Build with `Makefile:300`.') }, deps);
    expect(past.markdown).toBe('Build with `Makefile`.');
  });
});
