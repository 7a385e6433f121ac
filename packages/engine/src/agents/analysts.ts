// The analysts: turn the deterministic analysis into findings per section kind, each a one-line
// statement with the `path:line` citations that back it. Intros and the conclusion are built on these.

import type { Analysis } from '../analyse/types.ts';
import { factsOf, lineCount, NON_CODE_LANGUAGES } from './facts.ts';
import type { AgentDeps, Finding, SectionKind } from './types.ts';
import { clipSentences, countBy, joinSome, num, pct, plural, ref, text, topDir } from './writers/markdown.ts';

type Analyst = (a: Analysis) => Finding[];

const f = (statement: string, citations: string[] = [], aspect?: string): Finding => ({ statement, citations, ...(aspect ? { aspect } : {}) });

const ANALYSTS: Record<SectionKind, Analyst> = {
  overview(a) {
    const out: Finding[] = [];
    const top = a.languages.filter((l) => !NON_CODE_LANGUAGES.has(l.language)).slice(0, 3).map((l) => `${text(l.language)} (${pct(l.code, a.project.lines.code, 0)})`);
    out.push(f(`${text(a.project.name)} holds ${plural(a.project.files, 'file')} with ${num(a.project.lines.code)} lines of code${top.length ? `, mostly ${joinSome(top, 3)}` : ''}.`));
    if (a.docs.readme?.summary) out.push(f(`The README describes it as: "${text(clipSentences(a.docs.readme.summary, 240))}"`, [ref(a.docs.readme.path)]));
    const fw = a.frameworks.filter((x) => x.category !== 'test').map((x) => text(x.name));
    if (fw.length) out.push(f(`It is built on ${joinSome(fw, 4)}.`, a.frameworks.slice(0, 3).map((x) => x.evidence)));
    return out.concat(ANALYSTS.api(a).slice(0, 1), ANALYSTS.testing(a).slice(0, 1));
  },
  architecture(a) {
    const fx = factsOf(a);
    const out: Finding[] = [];
    if (a.moduleGraph.nodes.length) out.push(f(`The module graph has ${plural(a.moduleGraph.nodes.length, 'module')} and ${plural(a.moduleGraph.edges.length, 'dependency edge')}.`, [], 'modules'));
    if (fx.fanIn[0]) out.push(f(`${text(fx.fanIn[0].module)} is the most depended-on module (${plural(fx.fanIn[0].weight, 'import')} from other modules).`, [], 'modules'));
    const mains = a.entryPoints.filter((e) => e.kind === 'main' || e.kind === 'bin');
    if (fx.launchers.length) out.push(f(`Execution starts at ${joinSome(fx.launchers.map((l) => `${text(l.file)} (${text(l.script)})`), 3)}.`, fx.launchers.slice(0, 3).map((l) => ref(l.path, l.line)), 'entry-points'));
    else if (mains.length) out.push(f(`Execution starts at ${joinSome(mains.map((e) => text(e.command ?? e.path)), 3)}.`, mains.slice(0, 3).map((e) => ref(e.path, e.line)), 'entry-points'));
    if (a.containers.length) out.push(f(`It is packaged in ${plural(a.containers.length, 'container definition')}.`, a.containers.map((c) => ref(c.path)), 'entry-points'));
    return out;
  },
  components(a) {
    const nodes = [...a.moduleGraph.nodes].sort((x, y) => y.lines - x.lines);
    const out = nodes.slice(0, 4).map((n) => f(`${n.id === '.' || n.id === '' ? 'The root folder' : text(n.id)} has ${plural(n.files, 'file')} and ${num(n.lines)} lines of code.`));
    if (!out.length) for (const d of a.tree.children.slice(0, 4)) out.push(f(`${text(d.path)} has ${plural(d.files, 'file')} and ${num(d.lines)} lines of code.`));
    return out;
  },
  technology(a) {
    const langs = a.languages.filter((l) => !NON_CODE_LANGUAGES.has(l.language));
    const out: Finding[] = langs.length ? [f(`${joinSome(langs.map((l) => `${text(l.language)} (${plural(l.files, 'file')}, ${num(l.code)} lines)`), 3)} make up the code.`, [], 'languages')] : [];
    if (a.frameworks.length) out.push(f(`Detected frameworks: ${joinSome(a.frameworks.map((fw) => text(`${fw.name}${fw.version ? ` ${fw.version}` : ''}`)), 4)}.`, a.frameworks.slice(0, 2).map((fw) => fw.evidence), 'frameworks'));
    return out;
  },
  dependencies(a) {
    const fx = factsOf(a);
    const out: Finding[] = [];
    if (a.dependencies.length) {
      out.push(f(`${plural(a.dependencies.length, 'dependency', 'dependencies')} are declared in ${plural(a.manifests.length, 'manifest')}: ${num(fx.runtimeDeps.length)} runtime and ${num(fx.devDeps.length)} for development or tests.`, a.manifests.map((m) => ref(m.path))));
      const d = fx.runtimeDeps[0];
      if (d) out.push(f(`Runtime dependencies include ${joinSome(fx.runtimeDeps.map((x) => text(`${x.name} ${x.version}`)), 4)}.`, fx.runtimeDeps.slice(0, 4).map((x) => ref(x.manifest, x.line))));
      if (fx.looseDeps.length) out.push(f(`${plural(fx.looseDeps.length, 'dependency', 'dependencies')} have no upper version bound (${joinSome(fx.looseDeps.map((x) => text(x.name)), 3)}).`, fx.looseDeps.slice(0, 3).map((x) => ref(x.manifest, x.line))));
      if (!fx.lockfiles.length) out.push(f('No lockfile was found, so installs are not reproducible.'));
    } else out.push(f('No dependency manifest was found.'));
    return out;
  },
  'data-model'(a) {
    const dm = factsOf(a).dataModel;
    const out: Finding[] = [];
    if (dm.ormFrameworks.length) out.push(f(`Data access goes through ${joinSome(dm.ormFrameworks.map(text), 3)}.`));
    if (dm.schemaFiles.length) out.push(f(`${plural(dm.schemaFiles.length, 'file')} define schemas, models or migrations, e.g. ${joinSome(dm.schemaFiles.map((x) => text(x.path)), 3)}.`, dm.schemaFiles.slice(0, 3).map((x) => ref(x.path))));
    if (dm.tables.length) out.push(f(`${plural(dm.tables.length, 'table or model', 'tables or models')} hold the stored data, e.g. ${joinSome(dm.tables.map((t) => text(t.name)), 4)}.`, dm.tables.slice(0, 4).map((t) => ref(t.file, t.line))));
    if (dm.schemas.length) out.push(f(`${plural(dm.schemas.length, 'entity schema')} validate data, e.g. ${joinSome(dm.schemas.map((t) => text(t.name)), 4)}.`, dm.schemas.slice(0, 4).map((t) => ref(t.file, t.line))));
    if (!out.length) out.push(f('No database layer, ORM, schema file or migration was found.'));
    return out;
  },
  api(a) {
    if (!a.routes.length) return [f(`No HTTP routes were found; ${plural(factsOf(a).exportedSymbols.length, 'exported symbol')} form the programmatic interface.`)];
    const byMethod = countBy(a.routes, (r) => r.method).map(([m, n]) => `${n} ${text(m)}`);
    return [
      f(`${plural(a.routes.length, 'HTTP route')} (${byMethod.join(', ')}) are declared with ${joinSome([...new Set(a.routes.map((r) => text(r.framework)))], 3)}.`, a.routes.slice(0, 3).map((r) => ref(r.file, r.line))),
      f(`Routes live in ${plural(new Set(a.routes.map((r) => r.file)).size, 'file')}.`),
    ];
  },
  configuration(a) {
    const envs = factsOf(a).codeEnvVars;
    const names = [...new Set(envs.map((e) => e.name))];
    const out: Finding[] = [];
    out.push(names.length ? f(`${plural(names.length, 'environment variable')} are read: ${joinSome(names.map(text), 5)}.`, envs.slice(0, 4).map((e) => ref(e.file, e.line)), 'env') : f('No environment variables are read by the code.', [], 'env'));
    if (a.config.files.length) out.push(f(`${plural(a.config.files.length, 'configuration file')} are present, e.g. ${joinSome(a.config.files.map((c) => text(c.path)), 3)}.`, a.config.files.slice(0, 3).map((c) => ref(c.path)), 'files'));
    else out.push(f('No configuration files were found.', [], 'files'));
    return out;
  },
  'build-deploy'(a) {
    const scripts = a.entryPoints.filter((e) => e.kind === 'npm-script' || e.kind === 'make-target');
    const out: Finding[] = [];
    if (scripts.length) {
      const npm = scripts.filter((s) => s.kind === 'npm-script').length;
      const make = scripts.length - npm;
      const names = [...new Set(scripts.map((s) => s.name))];
      const what = joinSome([npm ? plural(npm, 'package script') : '', make ? plural(make, 'make target') : ''].filter(Boolean), 2);
      out.push(f(`${what} drive the build${names.length < scripts.length ? `, under ${num(names.length)} distinct names` : ''}: ${joinSome(names.map(text), 5)}.`, scripts.slice(0, 3).map((s) => ref(s.path, s.line)), 'scripts'));
    }
    const jobs = a.ci.reduce((n, c) => n + c.jobs.length, 0);
    out.push(a.ci.length ? f(`CI runs on ${joinSome([...new Set(a.ci.map((c) => (c.provider === 'CI script' ? `a CI script (${text(c.path)})` : c.provider)))], 2)}${jobs ? ` with ${plural(jobs, a.ci.every((c) => c.provider === 'CI script') ? 'step' : 'job')}` : ''}.`, a.ci.map((c) => ref(c.path)), 'ci') : f('No CI workflow was found.', [], 'ci'));
    if (a.containers.length) out.push(f(`Container images start from ${joinSome([...new Set(a.containers.flatMap((c) => c.baseImages))].map(text), 3)}.`, a.containers.map((c) => ref(c.path)), 'containers'));
    else out.push(f('No Dockerfile or compose file packages the project.', [], 'containers'));
    return out;
  },
  testing(a) {
    const fx = factsOf(a);
    const lint = a.entryPoints.filter((e) => /lint|format|typecheck|check|vet/i.test(e.name) && (e.kind === 'npm-script' || e.kind === 'make-target'));
    const quality = f(`${lint.length ? `Static checks run through ${joinSome(lint.map((e) => text(e.name)), 3)}` : 'No lint or type-check script is defined'}; comments are ${pct(a.project.lines.comment, a.project.lines.code + a.project.lines.comment)} of non-blank lines.`, lint.slice(0, 2).map((e) => ref(e.path, e.line)), 'quality');
    if (!fx.testFiles.length) return [f(`No test files were found among the ${plural(fx.sourceFiles.length, 'source file')}.`, [], 'suites'), quality];
    return [
      f(`${plural(fx.testFiles.length, 'test file')} hold ${plural(a.tests.totalCases, 'test case')}${a.tests.frameworks.length ? ` written with ${joinSome(a.tests.frameworks.map(text), 3)}` : ''}.`, fx.testFiles.slice(0, 3).map((p) => ref(p)), 'suites'),
      quality,
      f(`There ${fx.testFiles.length === 1 ? 'is' : 'are'} ${(fx.testFiles.length / Math.max(1, fx.sourceFiles.length)).toFixed(2)} test files per source file (${plural(fx.sourceFiles.length, 'source file')} outside the tests).`, [], 'suites'),
    ];
  },
  security(a) {
    const fx = factsOf(a);
    const out: Finding[] = [];
    out.push(a.secrets.length ? f(`${plural(a.secrets.length, 'likely hard-coded secret')} found (${joinSome([...new Set(a.secrets.map((s) => s.kind))], 3)}).`, a.secrets.slice(0, 4).map((s) => ref(s.file, s.line)), 'secrets') : f('No hard-coded secrets were detected.', [], 'secrets'));
    if (fx.authLibs.length) out.push(f(`Authentication relies on ${joinSome(fx.authLibs.map((d) => text(d.name)), 3)}.`, fx.authLibs.slice(0, 3).map((d) => ref(d.manifest, d.line)), 'auth'));
    else out.push(f(a.routes.length ? `No authentication library guards the ${plural(a.routes.length, 'HTTP route')}.` : 'No authentication library is used.', [], 'auth'));
    if (fx.secretEnvVars.length) out.push(f(`Sensitive settings come from the environment: ${joinSome(fx.secretEnvVars.map(text), 4)}.`, [], 'secrets'));
    return out;
  },
  performance(a) {
    const fx = factsOf(a);
    const out = fx.largestFiles.slice(0, 3).map((x) => f(`${text(x.path)} is among the largest source files (${num(x.code)} lines of code).`, [ref(x.path)]));
    if (fx.heavyDeps.length) out.push(f(`Heavy runtime dependencies: ${joinSome(fx.heavyDeps.map((d) => text(d.name)), 4)}.`, fx.heavyDeps.slice(0, 3).map((d) => ref(d.manifest, d.line))));
    return out;
  },
  metrics(a) {
    const l = a.project.lines;
    return [
      f(`${num(l.code)} code, ${num(l.comment)} comment and ${num(l.blank)} blank lines in ${plural(a.project.files, 'file')}; comment density ${pct(l.comment, l.code + l.comment)}.`),
      f(`${plural(a.symbols.length, 'symbol')} (${num(a.symbols.filter((s) => s.exported).length)} exported) and ${plural(a.imports.length, 'import')}.`),
    ];
  },
  structure(a) {
    return [f(`The top level has ${plural(a.tree.children.length, 'directory', 'directories')}: ${joinSome(a.tree.children.map((d) => `${text(d.name)}/ (${plural(d.files, 'file')})`), 5)}.`)];
  },
  'getting-started'(a) {
    const out: Finding[] = [];
    const setup = a.docs.readme?.headings.filter((h) => /start|install|setup|usage|run/i.test(h)) ?? [];
    if (a.docs.readme && setup.length) out.push(f(`The README covers ${joinSome(setup.map((h) => `"${text(h)}"`), 3)}.`, [ref(a.docs.readme.path)]));
    const run = a.entryPoints.filter((e) => /^(start|dev|serve|run|install|setup|build)$/.test(e.name));
    if (run.length) out.push(f(`Run it with ${joinSome(run.map((e) => text(e.name)), 4)}.`, run.slice(0, 3).map((e) => ref(e.path, e.line))));
    if (!out.length) out.push(f('Neither the README nor the scripts describe how to start the project.'));
    return out;
  },
  'known-issues'(a) {
    const out: Finding[] = [];
    if (a.todos.length) {
      const dirs = countBy(a.todos, (t) => topDir(t.file, 2));
      out.push(f(`${plural(a.todos.length, 'TODO/FIXME marker')} remain, ${num(dirs[0]![1])} of them in ${text(dirs[0]![0])}.`, a.todos.slice(0, 3).map((t) => ref(t.file, t.line))));
    } else out.push(f('No TODO, FIXME or HACK markers were found.'));
    if (a.secrets.length) out.push(f(`${plural(a.secrets.length, 'hard-coded secret')} should be moved out of the code.`, a.secrets.slice(0, 3).map((s) => ref(s.file, s.line))));
    return out;
  },
  conclusion(a) {
    return recommendations(a).map((r) => f(r.text, r.citations));
  },
  custom() {
    return [];
  },
};

export interface Recommendation {
  text: string;
  citations: string[];
  weight: number; // higher first
}

/** Concrete, evidence-backed recommendations; the conclusion writer and known-issues use them. */
export function recommendations(a: Analysis): Recommendation[] {
  const fx = factsOf(a);
  const out: Recommendation[] = [];
  if (a.secrets.length) out.push({ weight: 10, text: `Remove the ${a.secrets.length === 1 ? 'hard-coded secret' : plural(a.secrets.length, 'hard-coded secret')} (${joinSome([...new Set(a.secrets.map((s) => s.kind))], 2)}) and rotate ${a.secrets.length === 1 ? 'it' : 'them'}.`, citations: a.secrets.slice(0, 3).map((s) => ref(s.file, s.line)) });
  if (!fx.testFiles.length && fx.sourceFiles.length) out.push({ weight: 9, text: `Add automated tests: none were found for the ${plural(fx.sourceFiles.length, 'source file')}.`, citations: [] });
  else if (fx.testFiles.length && fx.testFiles.length / Math.max(1, fx.sourceFiles.length) < 0.2) out.push({ weight: 7, text: `Raise test coverage: ${plural(fx.testFiles.length, 'test file')} for ${plural(fx.sourceFiles.length, 'source file')}.`, citations: fx.testFiles.slice(0, 2).map((p) => ref(p)) });
  if (!a.ci.length) out.push({ weight: 8, text: 'Add a CI workflow (no GitHub Actions, GitLab CI or similar configuration was found) so tests and builds run on every change.', citations: [] });
  if (a.todos.length) {
    const dirs = countBy(a.todos, (t) => topDir(t.file, 2));
    out.push({ weight: 5 + Math.min(3, a.todos.length / 10), text: `Work through the ${plural(a.todos.length, 'TODO/FIXME marker')}; ${num(dirs[0]![1])} ${dirs[0]![1] === 1 ? 'sits' : 'sit'} in ${text(dirs[0]![0])}.`, citations: a.todos.slice(0, 2).map((t) => ref(t.file, t.line)) });
  }
  if (!a.license) out.push({ weight: 4, text: 'Add a LICENSE file: without one, others have no right to use the code.', citations: [] });
  if (!fx.lockfiles.length && a.dependencies.length) out.push({ weight: 5, text: `Commit a lockfile so the ${plural(a.dependencies.length, 'declared dependency', 'declared dependencies')} install reproducibly.`, citations: a.manifests.slice(0, 2).map((m) => ref(m.path)) });
  if (fx.looseDeps.length) out.push({ weight: 4, text: `Pin the ${plural(fx.looseDeps.length, 'dependency', 'dependencies')} declared without an upper bound (${joinSome(fx.looseDeps.map((d) => text(d.name)), 3)}).`, citations: fx.looseDeps.slice(0, 2).map((d) => ref(d.manifest, d.line)) });
  const big = fx.largestFiles.filter((x) => x.code > 800);
  if (big.length) out.push({ weight: 4, text: `Split the ${plural(big.length, 'file')} over 800 lines of code, starting with ${text(big[0]!.path)} (${num(big[0]!.code)} lines).`, citations: [ref(big[0]!.path)] });
  const envNames = new Set(fx.codeEnvVars.map((e) => e.name));
  const hasEnvExample = a.files.some((x) => /(^|\/)\.env\.(example|sample|template)$|(^|\/)example\.env$/.test(x.path));
  // a README table or a docs page documents settings as well as a .env.example does
  const documented = new Set((a.docs.envVarMentions ?? []).map((m) => m.name));
  const undocumented = [...envNames].filter((n) => !documented.has(n)).sort();
  if (undocumented.length && !hasEnvExample) {
    const where = [...new Set((a.docs.envVarMentions ?? []).map((m) => m.file))];
    const advice = documented.size
      ? `Document the ${plural(undocumented.length, 'environment variable')} the code reads but ${where.length === 1 ? text(where[0]!) : 'the docs'} ${undocumented.length === 1 ? 'does' : 'do'} not name (${joinSome(undocumented.map(text), 4)}), next to the ${num(documented.size)} already described there.`
      : `Document the ${plural(envNames.size, 'environment variable')} in the README or a .env.example file; no documentation names them.`;
    out.push({ weight: 3, text: advice, citations: fx.codeEnvVars.filter((e) => !documented.has(e.name)).slice(0, 2).map((e) => ref(e.file, e.line)) });
  }
  if (!a.docs.readme) out.push({ weight: 6, text: 'Write a README that explains what the project does and how to run it.', citations: [] });
  if (a.routes.length && !fx.securityLibs.length && !fx.authLibs.length) out.push({ weight: 5, text: `Protect the ${plural(a.routes.length, 'HTTP route')}: no authentication or security middleware library was found among the dependencies.`, citations: a.routes.slice(0, 2).map((r) => ref(r.file, r.line)) });
  const commentDensity = a.project.lines.comment / Math.max(1, a.project.lines.code + a.project.lines.comment);
  if (a.project.lines.code > 2000 && commentDensity < 0.05) out.push({ weight: 2, text: `Comment the code more: only ${pct(a.project.lines.comment, a.project.lines.code + a.project.lines.comment)} of its lines are comments.`, citations: [] });
  return out.sort((x, y) => y.weight - x.weight);
}

/** Offline analyst role: findings for one kind, with citations only to files that exist. */
export async function analyseKind(input: { kind: SectionKind }, deps: AgentDeps): Promise<Finding[]> {
  const a = deps.analysis;
  const fx = factsOf(a);
  return ANALYSTS[input.kind](a).map((x) => ({
    ...x,
    citations: x.citations.filter((c) => {
      const [p, l] = splitCitation(c);
      const file = fx.fileByPath.get(p);
      return file !== undefined && (l === undefined || l <= lineCount(file));
    }),
  }));
}

/** "src/a.ts:12" → ["src/a.ts", 12]; "src/a.ts" → ["src/a.ts", undefined]. */
export function splitCitation(c: string): [string, number | undefined] {
  const m = /^(.*?):(\d+)$/.exec(c);
  return m ? [m[1]!, Number(m[2])] : [c, undefined];
}
