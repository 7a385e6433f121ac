// Testing and quality: test frameworks, files and cases, where tests are missing, CI and lint scripts.

import type { Analysis } from '../../analyse/types.ts';
import { factsOf, type Facts } from '../facts.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  countBy,
  joinSome,
  num,
  paragraphs,
  pct,
  plural,
  ref,
  sentence,
  table,
  text,
  topDir,
  when,
} from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';

export const testing = defineSection({
  kind: 'testing',
  keywords: [
    'quality assurance',
    'testing',
    'tests',
    'test strategy',
    'test coverage',
    'quality',
    'qa',
    'verification',
    'validation',
    'code quality',
    'test',
    'unit tests',
    'test suite',
  ],
  aspects: [
    ['test suites', 'suites'],
    ['tests', 'suites'],
    ['unit tests', 'suites'],
    ['test coverage', 'suites'],
    ['code quality', 'quality'],
    ['linting', 'quality'],
    ['static analysis', 'quality'],
    ['quality', 'quality'],
  ],
  evidence: ['tests', 'entryPoints (test scripts)', 'ci', 'files'],
  analyst(a) {
    const fx = factsOf(a);
    const lint = a.entryPoints.filter(
      (e) =>
        /lint|format|typecheck|check|vet/i.test(e.name) &&
        (e.kind === 'npm-script' || e.kind === 'make-target'),
    );
    const checks = lint.length
      ? `Static checks run through ${joinSome(
          lint.map((e) => text(e.name)),
          3,
        )}`
      : 'No lint or type-check script is defined';
    const quality = f(
      `${checks}; comments are ${commentShare(a)} of non-blank lines.`,
      lint.slice(0, 2).map((e) => ref(e.path, e.line)),
      'quality',
    );
    if (!fx.testFiles.length)
      return [
        f(
          `No test files were found among the ${plural(fx.sourceFiles.length, 'source file')}.`,
          [],
          'suites',
        ),
        quality,
      ];
    return [
      f(
        sentence(testCount({ a, fx }), writtenWith(a, ' written with')),
        fx.testFiles.slice(0, 3).map((p) => ref(p)),
        'suites',
      ),
      quality,
      f(
        sentence(
          `There ${agree(fx.testFiles.length, 'is', 'are')} ${testsPerSource(fx)} test files per source file`,
          ` (${plural(fx.sourceFiles.length, 'source file')} outside the tests)`,
        ),
        [],
        'suites',
      ),
    ];
  },
  writer: writeTesting,
});

export function writeTesting(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  const testScripts = a.entryPoints.filter(
    (e) => /test|spec|e2e|coverage/i.test(e.name) && (e.kind === 'npm-script' || e.kind === 'make-target'),
  );
  const lint = a.entryPoints.filter(
    (e) =>
      /lint|format|typecheck|check|vet/i.test(e.name) &&
      (e.kind === 'npm-script' || e.kind === 'make-target'),
  );
  if (!wants(ctx, 'suites')) {
    // not this section's aspect
  } else if (!fx.testFiles.length) {
    parts.push(
      sentence(
        `No automated tests were found: none of the ${plural(fx.sourceFiles.length, 'source file')} is a test file`,
        ' and no test framework is configured',
      ),
    );
  } else {
    const cases = new Map(a.tests.files.map((t) => [t.path, t.cases]));
    parts.push(
      sentence(
        testCount(ctx),
        writtenWith(a, ', written with'),
        ` — ${testsPerSource(fx)} test files per source file`,
      ),
    );
    parts.push(
      table(
        ['Test file', 'Cases', 'Lines'],
        fx.testFiles
          .slice(0, 25)
          .map((p) => [cite(p), cases.get(p) ?? '—', num(fx.fileByPath.get(p)?.code ?? 0)]),
        ['l', 'r', 'r'],
      ),
    );
    const tested = new Set(fx.testFiles.map((p) => topDir(p, 1)));
    const untested = countBy(fx.sourceFiles, (f) => topDir(f.path, 2)).filter(
      ([d]) => d !== '(root)' && !fx.testFiles.some((t) => t.startsWith(`${d}/`)) && !tested.has(d),
    );
    if (untested.length && untested.length < countBy(fx.sourceFiles, (f) => topDir(f.path, 2)).length)
      parts.push(
        `Directories with source code but no test file beside them: ${joinSome(
          untested.map(([d, n]) => `${code(d)} (${n} files)`),
          5,
        )}. Tests elsewhere may still exercise them.`,
      );
  }
  if (wants(ctx, 'suites') && fx.testFolders.length) {
    const tests = fx.testFolders.filter((d) => d.kind === 'test');
    const bench = fx.testFolders.filter((d) => d.kind === 'bench');
    const list = (ds: typeof tests) =>
      joinSome(
        ds.map((d) => `${code(d.path)} (${plural(d.files, 'file')}, ${num(d.lines)} lines)`),
        5,
      );
    const where = [
      when(tests.length, `Test code outside the product sources lives in ${list(tests)}.`),
      when(bench.length, `Benchmarks live in ${list(bench)}.`),
    ].filter(Boolean);
    parts.push(`${where.join(' ')} These folders are left out of the components and the module graph.`);
  }
  if (wants(ctx, 'suites') && testScripts.length)
    parts.push(
      `Tests run with ${joinSome(
        testScripts.map(
          (s) => `${code(s.name)}${s.command ? ` → ${code(s.command)}` : ''} (${cite(s.path, s.line)})`,
        ),
        3,
      )}.`,
    );
  if (ctx.plan.focus === 'quality') {
    const l = a.project.lines;
    const big = fx.largestFiles.filter((f) => f.code > 500);
    const largest = big[0] ? `${cite(big[0].path)}, ${num(big[0].code)}` : '';
    const size = big.length
      ? `${plural(big.length, 'source file')} ${agree(big.length, 'exceeds', 'exceed')} 500 lines of code (largest: ${largest})`
      : 'no source file exceeds 500 lines of code';
    parts.push(
      sentence(
        `Comments make up ${pct(l.comment, l.code + l.comment)} of the non-blank lines`,
        `; ${plural(a.todos.length, 'TODO/FIXME marker')} ${agree(a.todos.length, 'remains', 'remain')}`,
        `; ${size}`,
      ),
    );
    if (!lint.length) parts.push('No lint, format or type-check script was found.');
  }
  if (wants(ctx, 'quality') && lint.length)
    parts.push(
      `Static checks: ${joinSome(
        lint.map((s) => `${code(s.name)}${s.command ? ` → ${code(s.command)}` : ''}`),
        4,
      )}.`,
    );
  // the CI sentence once per chapter: in the suites part (or the whole section), not again under quality
  if (wants(ctx, 'suites'))
    parts.push(a.ci.length ? ciRuns(a) : 'No CI workflow runs these checks automatically.');
  return paragraphs(...parts);
}

/** Comments as a share of the non-blank lines. */
function commentShare(a: Analysis): string {
  return pct(a.project.lines.comment, a.project.lines.code + a.project.lines.comment);
}

/** "12 test files hold 80 test cases". */
function testCount({ a, fx }: Pick<WriterContext, 'a' | 'fx'>): string {
  const hold = agree(fx.testFiles.length, 'holds', 'hold');
  return `${plural(fx.testFiles.length, 'test file')} ${hold} ${plural(a.tests.totalCases, 'test case')}`;
}

/** The test frameworks after `lead` (" written with", ", written with"), or nothing when none was found. */
function writtenWith(a: Analysis, lead: string): string {
  return when(a.tests.frameworks.length, `${lead} ${joinSome(a.tests.frameworks.map(text), 3)}`);
}

/** Test files per source file, to two decimals. */
function testsPerSource(fx: Facts): string {
  return (fx.testFiles.length / Math.max(1, fx.sourceFiles.length)).toFixed(2);
}

/** "`ci.yml` runs the checks in CI (`test`, `lint`)." */
function ciRuns(a: Analysis): string {
  const workflows = joinSome(
    a.ci.map((c) => cite(c.path)),
    3,
  );
  const jobs = joinSome(a.ci.flatMap((c) => c.jobs).map(code), 5) || 'no named jobs';
  return `${workflows} ${agree(a.ci.length, 'runs', 'run')} the checks in CI (${jobs}).`;
}
