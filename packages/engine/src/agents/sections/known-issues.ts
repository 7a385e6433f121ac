// Known issues / technical debt: TODO-style markers by tag and place, secrets, missing tests/CI, skips.

import { notRankedNote } from '../facts.ts';
import { toldElsewhere, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  countBy,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  topDir,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { isPlaceholderKind } from '../../analyse/secrets.ts';
import { isEnvExample } from '../../analyse/env-vars.ts';
import { clipNote } from '../../analyse/todos.ts';
import { defineSection, finding as f } from './define.ts';
import { searchedFiles } from '../facts.ts';
import { actuatorExposure, placeholderCredentials, productTodos, projectModel } from '../model.ts';
import type { Analysis } from '../../analyse/types.ts';

/**
 * Hard-coded secrets of the product worth removing: not a placeholder fallback (told in Security as a
 * value production must override), not a value in an example or the docs.
 */
function leakedSecrets(a: Analysis): Analysis['secrets'] {
  return a.secrets.filter((s) => !isPlaceholderKind(s.kind) && (!s.area || s.area === 'product'));
}

export const knownIssues = defineSection({
  kind: 'known-issues',
  keywords: [
    'risks',
    'technical debt',
    'tech debt',
    'todo',
    'todos',
    'known issues',
    'issues',
    'limitations',
    'open issues',
    'fixme',
    'problems',
    'weaknesses',
    'gaps',
    'findings',
    'caveats',
    'risk',
    'debt',
    'fixmes',
    'open points',
  ],
  evidence: ['todos', 'secrets', 'tests', 'ci', 'skipped'],
  analyst(a) {
    const out: Finding[] = [];
    const todos = productTodos(a);
    if (todos.length) {
      const dirs = countBy(todos, (t) => topDir(t.file, 2));
      // a folder is named in code; the files at the top sit "at the repository root"
      const where = (d: string) => (d === '(root)' ? 'at the repository root' : `in ${text(d)}`);
      out.push(
        f(
          sentence(
            `${plural(todos.length, 'TODO/FIXME marker')} ${agree(todos.length, 'remains', 'remain')}`,
            todos.length === 1
              ? ` ${where(dirs[0]![0])}`
              : dirs[0]![1] === todos.length
                ? `, all ${where(dirs[0]![0])}`
                : `, ${num(dirs[0]![1])} of them ${where(dirs[0]![0])}`,
          ),
          todos.slice(0, 3).map((t) => ref(t.file, t.line)),
        ),
      );
    } else
      out.push(
        f(
          // markers outside the product (a CI pipeline's) are there: the finding says where none are
          a.todos.length
            ? "No TODO, FIXME or HACK markers were found in the product's code."
            : 'No TODO, FIXME or HACK markers were found.',
        ),
      );
    const secrets = leakedSecrets(a);
    if (secrets.length)
      out.push(
        f(
          `${plural(secrets.length, 'hard-coded secret')} should be moved out of the code.`,
          secrets.slice(0, 3).map((s) => ref(s.file, s.line)),
        ),
      );
    return out;
  },
  writer: writeKnownIssues,
});

export function writeKnownIssues(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  const todos = productTodos(a, fx);
  if (todos.length) {
    const tags = countBy(todos, (t) => t.tag);
    const dirs = countBy(todos, (t) =>
      t.file.includes('/') ? t.file.slice(0, t.file.lastIndexOf('/')) : '(root)',
    );
    const byTag = tags.map(([t, n]) => `${num(n)} ${text(t)}`).join(', ');
    const where = joinSome(
      dirs.slice(0, 3).map(([d, n]) => `${d === '(root)' ? d : code(d)} (${n})`),
      3,
    );
    // one folder is no cluster: markers all in one folder are said to sit there; across several, by folder
    const lone = dirs.length === 1 ? dirs[0]![0] : null;
    // a product that is one folder says nothing by "all sit in" it
    const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '(root)');
    const spread = new Set(fx.productFiles.map((f) => folderOf(f.path))).size > 1;
    const place =
      lone === null
        ? ` By folder: ${where}.`
        : todos.length > 1 && spread
          ? ` All sit in ${lone === '(root)' ? 'the root folder' : code(lone)}.`
          : '';
    parts.push(`The product's code carries ${plural(todos.length, 'open marker')} (${byTag}).${place}`);
    const order = { FIXME: 0, BUG: 0, HACK: 1, XXX: 1, TODO: 2 } as const;
    const sorted = [...todos].sort(
      (x, y) => order[x.tag] - order[y.tag] || x.file.localeCompare(y.file) || x.line - y.line,
    );
    parts.push(
      table(
        ['Tag', 'Note', 'Location'],
        sorted.slice(0, 30).map((t) => [
          text(t.tag),
          // a long note is cut at a word, never inside a URL
          t.text.trim() ? code(clipNote(t.text.trim(), 140)) : '(no text)',
          cite(t.file, t.line),
        ]),
      ),
    );
    if (todos.length > 30) parts.push(`…and ${num(todos.length - 30)} more.`);
  } else parts.push(sentence('No TODO, FIXME, HACK or XXX markers were found', ` in ${searchedFiles(fx)}`));
  const risks: string[] = [];
  const secrets = leakedSecrets(a);
  if (secrets.length)
    risks.push(
      `${plural(secrets.length, 'likely hard-coded secret')} at ${joinSome(
        secrets.map((s) => cite(s.file, s.line)),
        3,
      )} (see the security findings).`,
    );
  // the risks the security chapter found belong to the known issues too, said once and pointed to
  const exposure = actuatorExposure(a);
  if (exposure && exposure.value.split(',').some((v) => v.trim() === '*'))
    risks.push(
      `Every enabled Actuator endpoint is exposed over HTTP (${cite(exposure.file, exposure.line)}; see the security findings).`,
    );
  const placeholders = placeholderCredentials(a);
  if (placeholders.length) {
    // a credential falls back only where the code supplies the value; a sample env file's value is a
    // value a deployment copies, said apart
    const inCode = placeholders.filter((s) => !isEnvExample(s.file));
    const inSample = placeholders.filter((s) => isEnvExample(s.file));
    const names = (xs: typeof placeholders) => [
      ...new Set(xs.map((s) => s.variable).filter((n): n is string => !!n)),
    ];
    const cites = (xs: typeof placeholders) =>
      joinSome(
        xs.map((s) => cite(s.file, s.line)),
        3,
      );
    const told: string[] = [];
    if (inCode.length) {
      const n = names(inCode);
      const which = n.length
        ? `${joinSome(n.map(code), 4)} ${agree(n.length, 'falls', 'fall')}`
        : `${plural(inCode.length, 'credential')} ${agree(inCode.length, 'falls', 'fall')}`;
      told.push(`${which} back to a placeholder value that production must replace (${cites(inCode)}).`);
    }
    if (inSample.length) {
      const n = names(inSample);
      const what = n.length ? joinSome(n.map(code), 4) : plural(inSample.length, 'credential');
      told.push(
        `The sample env file sets ${what} to ${agree(inSample.length, 'a placeholder', 'placeholders')} that a deployment copying it would run on (${cites(inSample)}).`,
      );
    }
    risks.push(`${told.join(' ')} See the security findings.`);
  }
  // an absence the report tells in its own section is not repeated here as a generic risk
  if (!fx.testFiles.length && !a.tests.totalCases && !toldElsewhere(ctx, 'testing'))
    risks.push('There are no automated tests, so regressions go unnoticed.');
  if (!a.ci.length && !toldElsewhere(ctx, 'build-deploy', 'ci'))
    risks.push('No CI workflow runs builds or tests on each change.');
  // size is a review risk only in the product's own code: not in examples, benchmarks or build
  // scripts (largestFiles already leaves out tests, generated files and literal data)
  // and not in the test modules a source file carries (a Rust `#[cfg(test)]` module): those lines
  // are tests, reviewed as tests
  const testLines = new Map((a.tests.inline ?? []).map((t) => [t.path, t.lines ?? 0]));
  const own = (f: { path: string; code: number }) => f.code - (testLines.get(f.path) ?? 0);
  const huge = fx.largestFiles
    .filter((f) => own(f) > 800 && (!f.role || f.role === 'product'))
    .sort((x, y) => own(y) - own(x) || x.path.localeCompare(y.path));
  // the size of the largest files is a fact for a reviewer, not a risk a change would remove (no
  // recommendation splits a file): told on its own, not among the risks
  let size: string | null = null;
  if (huge.length) {
    const sizes = joinSome(
      huge.map((f) => `${cite(f.path)} ${num(own(f))}`),
      3,
    );
    // a file over the mark only with its test module (953 lines, 180 of them tests) is left out:
    // the count says so wherever that happened, so it cannot read as the largest file's size
    const besides = when(
      fx.largestFiles.some((f) => f.code > 800 && testLines.get(f.path)),
      ' outside inline test modules',
    );
    size =
      sentence(
        `${plural(huge.length, 'file')} ${agree(huge.length, 'exceeds', 'exceed')} 800 lines of code${besides} (${sizes})`,
        `, which makes ${agree(huge.length, 'it', 'them')} hard to review`,
      ) + notRankedNote(fx, 800);
  }
  if (fx.looseDeps.length)
    risks.push(
      `${plural(fx.looseDeps.length, 'dependency', 'dependencies')} ${agree(fx.looseDeps.length, 'has', 'have')} no upper version bound.`,
    );
  const licence = projectModel(a).licence;
  if (!licence.value)
    risks.push(`Nothing states how the code may be used: no licence was found in ${licence.checked}.`);
  const tooLarge = a.skipped.filter((s) => s.reason === 'too-large');
  if (tooLarge.length)
    risks.push(
      `${plural(tooLarge.length, 'file')} ${agree(tooLarge.length, 'was', 'were')} too large to analyse (${joinSome(
        tooLarge.map((s) => code(s.path)),
        3,
      )}).`,
    );
  const unstorable = a.skipped.filter((s) => s.reason === 'name-too-long');
  if (unstorable.length) {
    const n = unstorable.length;
    // such names are long by definition: show their start only
    const names = joinSome(
      unstorable.map((s) => code(s.path.length > 80 ? `${s.path.slice(0, 80)}…` : s.path)),
      3,
    );
    risks.push(
      sentence(
        `${plural(n, 'file')} ${agree(n, 'has a name', 'have names')} longer than file systems allow`,
        ' (255 bytes per file or folder name)',
        ` and ${agree(n, 'was', 'were')} not read (${names})`,
      ),
    );
  }
  if (size) parts.push(size);
  if (risks.length) parts.push(`Other risks:`, risks.map((r) => `- ${r}`).join('\n'));
  return paragraphs(...parts);
}
