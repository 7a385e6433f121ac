// Overview / executive summary: what the project is, its size, languages, frameworks and surface.

import { NON_CODE_LANGUAGES } from '../facts.ts';
import type { WriterContext } from './context.ts';
import { bullets, cite, code, joinSome, num, paragraphs, pct, pick, plural, text } from './markdown.ts';

export function writeOverview({ a, fx, projectName }: WriterContext): string {
  const l = a.project.lines;
  const langs = a.languages.filter((x) => !NON_CODE_LANGUAGES.has(x.language)).slice(0, 3);
  const readme = a.docs.readme;
  const fw = a.frameworks.filter((f) => f.category !== 'test');
  const lead = readme?.summary
    ? `${readme.title ? `**${text(readme.title)}**` : text(projectName)} — in the words of its README (${cite(readme.path)}): “${text(readme.summary.trim())}”`
    : `${text(projectName)} has no README summary, so this overview is drawn from the code itself.`;
  const size = pick(
    [
      `The code base spans ${plural(a.project.files, 'file')} and ${num(l.code)} lines of code${langs[0] ? `, ${pct(langs[0].code, l.code, 0)} of them ${langs[0].language}` : ''}.`,
      `With ${num(l.code)} lines of code across ${plural(a.project.files, 'file')}, it is ${l.code < 5_000 ? 'a small' : l.code < 50_000 ? 'a medium-sized' : 'a large'} code base${langs[0] ? ` written mainly in ${langs[0].language}` : ''}.`,
    ],
    l.code,
  );
  const facts: string[] = [];
  if (langs.length) facts.push(`**Languages:** ${joinSome(langs.map((x) => `${text(x.language)} (${num(x.code)} lines)`), 3)}`);
  if (fw.length) facts.push(`**Frameworks:** ${joinSome(fw.map((f) => text(`${f.name}${f.version ? ` ${f.version}` : ''}`)), 5)}`);
  if (a.dependencies.length) facts.push(`**Dependencies:** ${num(fx.runtimeDeps.length)} runtime, ${num(fx.devDeps.length)} development, from ${joinSome(a.manifests.map((m) => cite(m.path)), 3)}`);
  facts.push(a.routes.length ? `**HTTP API:** ${plural(a.routes.length, 'route')}, e.g. ${code(`${a.routes[0]!.method} ${a.routes[0]!.path}`)} at ${cite(a.routes[0]!.file, a.routes[0]!.line)}` : `**HTTP API:** none found`);
  facts.push(fx.testFiles.length ? `**Tests:** ${plural(fx.testFiles.length, 'file')}, ${plural(a.tests.totalCases, 'case')}${a.tests.frameworks.length ? ` (${a.tests.frameworks.map(text).join(', ')})` : ''}` : '**Tests:** none found');
  if (a.license) facts.push(`**Licence:** ${a.license.spdx ? text(a.license.spdx) : 'unrecognised text'} (${cite(a.license.path)})`);
  if (a.git) facts.push(`**History:** ${plural(a.git.commits, 'commit')} by ${plural(a.git.authors.length, 'author')}${a.git.lastCommit ? `, last on ${a.git.lastCommit.slice(0, 10)}` : ''}`);
  return paragraphs(lead, size, bullets(facts));
}
