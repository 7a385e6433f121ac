// Concrete, evidence-backed recommendations, ranked by weight; the conclusion writes the first of them.

import type { Analysis } from '../analyse/types.ts';
import { factsOf } from './facts.ts';
import { countBy, joinSome, num, pct, plural, ref, text, topDir } from './writers/markdown.ts';

export interface Recommendation {
  text: string;
  citations: string[];
  weight: number; // higher first
}

/** Concrete, evidence-backed recommendations; the conclusion writer and known-issues use them. */
const CONVENTIONAL_ENV = new Set([
  'NODE_ENV',
  'DEBUG',
  'CI',
  'HOME',
  'PATH',
  'TERM',
  'NO_COLOR',
  'FORCE_COLOR',
  'TZ',
  'LANG',
  'USER',
  'SHELL',
  'TMPDIR',
  'PWD',
]);

export function recommendations(a: Analysis): Recommendation[] {
  const fx = factsOf(a);
  const out: Recommendation[] = [];
  // Advice fits the kind of project: a library or framework leaves its users' installs to their own
  // lockfiles, and only the product's own routes are the product's to protect.
  const kind = a.identity?.kind;
  const isPackage = kind === 'library' || kind === 'framework' || kind === 'plugin' || kind === 'build-tool';
  const productRoutes = a.routes.filter((r) => !r.area || r.area === 'product');
  const productFile = (p: string) =>
    !a.identity || a.identity.productPaths.some((d) => p === d || p.startsWith(`${d.replace(/\/$/, '')}/`));
  if (a.secrets.length)
    out.push({
      weight: 10,
      text: `Remove the ${a.secrets.length === 1 ? 'hard-coded secret' : plural(a.secrets.length, 'hard-coded secret')} (${joinSome([...new Set(a.secrets.map((s) => s.kind))], 2)}) and rotate ${a.secrets.length === 1 ? 'it' : 'them'}.`,
      citations: a.secrets.slice(0, 3).map((s) => ref(s.file, s.line)),
    });
  if (!fx.testFiles.length && fx.sourceFiles.length)
    out.push({
      weight: 9,
      text: `Add automated tests: none were found for the ${plural(fx.sourceFiles.length, 'source file')}.`,
      citations: [],
    });
  else if (fx.testFiles.length && fx.testFiles.length / Math.max(1, fx.sourceFiles.length) < 0.2)
    out.push({
      weight: 7,
      text: `Raise test coverage: ${plural(fx.testFiles.length, 'test file')} for ${plural(fx.sourceFiles.length, 'source file')}.`,
      citations: fx.testFiles.slice(0, 2).map((p) => ref(p)),
    });
  if (!a.ci.length)
    out.push({
      weight: 8,
      text: 'Add a CI workflow (no GitHub Actions, GitLab CI or similar configuration was found) so tests and builds run on every change.',
      citations: [],
    });
  if (a.todos.length) {
    const dirs = countBy(a.todos, (t) => topDir(t.file, 2));
    out.push({
      weight: 5 + Math.min(3, a.todos.length / 10),
      // one marker is named where it is; several by where most of them sit
      text:
        a.todos.length === 1
          ? `Resolve the ${text(a.todos[0]!.tag)} marker in ${text(a.todos[0]!.file)}.`
          : `Work through the ${plural(a.todos.length, 'TODO/FIXME marker')}; ${num(dirs[0]![1])} ${dirs[0]![1] === 1 ? 'sits' : 'sit'} in ${text(dirs[0]![0])}.`,
      citations: a.todos.slice(0, 2).map((t) => ref(t.file, t.line)),
    });
  }
  if (!a.license)
    out.push({
      weight: 4,
      text: 'Add a LICENSE file: without one, others have no right to use the code.',
      citations: [],
    });
  if (!fx.lockfiles.length && a.dependencies.length && !isPackage)
    out.push({
      weight: 5,
      text: `Commit a lockfile so the ${plural(a.dependencies.length, 'declared dependency', 'declared dependencies')} install reproducibly.`,
      citations: a.manifests.slice(0, 2).map((m) => ref(m.path)),
    });
  if (fx.looseDeps.length)
    out.push({
      weight: 4,
      text: `Pin the ${plural(fx.looseDeps.length, 'dependency', 'dependencies')} declared without an upper bound (${joinSome(
        fx.looseDeps.map((d) => text(d.name)),
        3,
      )}).`,
      citations: fx.looseDeps.slice(0, 2).map((d) => ref(d.manifest, d.line)),
    });
  // generated files are not split by hand; only the product's own files count
  const big = fx.largestFiles.filter(
    (x) =>
      x.code > 800 &&
      productFile(x.path) &&
      !/(^|\/)(generated|gen|dist|build|vendor)\/|\.(pb|gen|generated)\.|_pb2\.py$|\.min\./i.test(x.path),
  );
  if (big.length)
    out.push({
      weight: 4,
      text: `Split the ${plural(big.length, 'file')} over 800 lines of code, starting with ${text(big[0]!.path)} (${num(big[0]!.code)} lines).`,
      citations: [ref(big[0]!.path)],
    });
  // conventions every tool of the ecosystem knows (NODE_ENV, DEBUG…) need no documentation of their own
  const envNames = new Set(fx.codeEnvVars.map((e) => e.name).filter((n) => !CONVENTIONAL_ENV.has(n)));
  const hasEnvExample = a.files.some((x) =>
    /(^|\/)\.env\.(example|sample|template)$|(^|\/)example\.env$/.test(x.path),
  );
  // a README table or a docs page documents settings as well as a .env.example does
  const documented = new Set((a.docs.envVarMentions ?? []).map((m) => m.name));
  const undocumented = [...envNames].filter((n) => !documented.has(n)).sort();
  if (undocumented.length && !hasEnvExample) {
    const where = [...new Set((a.docs.envVarMentions ?? []).map((m) => m.file))];
    const advice = documented.size
      ? `Document the ${plural(undocumented.length, 'environment variable')} the code reads but ${where.length === 1 ? text(where[0]!) : 'the docs'} ${undocumented.length === 1 ? 'does' : 'do'} not name (${joinSome(undocumented.map(text), 4)}), next to the ${num(documented.size)} already described there.`
      : `Document the ${plural(envNames.size, 'environment variable')} in the README or a .env.example file; no documentation names them.`;
    out.push({
      weight: 3,
      text: advice,
      citations: fx.codeEnvVars
        .filter((e) => !documented.has(e.name))
        .slice(0, 2)
        .map((e) => ref(e.file, e.line)),
    });
  }
  if (!a.docs.readme)
    out.push({
      weight: 6,
      text: 'Write a README that explains what the project does and how to run it.',
      citations: [],
    });
  if (productRoutes.length && !isPackage && !fx.securityLibs.length && !fx.authLibs.length)
    out.push({
      weight: 5,
      text: `Protect the ${plural(productRoutes.length, 'HTTP route')}: no authentication or security middleware library was found among the dependencies.`,
      citations: productRoutes.slice(0, 2).map((r) => ref(r.file, r.line)),
    });
  const commentDensity =
    a.project.lines.comment / Math.max(1, a.project.lines.code + a.project.lines.comment);
  if (a.project.lines.code > 2000 && commentDensity < 0.05)
    out.push({
      weight: 2,
      text: `Comment the code more: only ${pct(a.project.lines.comment, a.project.lines.code + a.project.lines.comment)} of its lines are comments.`,
      citations: [],
    });
  return out.sort((x, y) => y.weight - x.weight);
}
