// Build and deployment: scripts, make targets, Dockerfiles/compose, CI workflows and their jobs.

import { type WriterContext, wants } from './context.ts';
import { cite, code, joinSome, paragraphs, plural, table, text } from './markdown.ts';

export function writeBuildDeploy(ctx: WriterContext): string {
  const { a } = ctx;
  const parts: string[] = [];
  const scripts = a.entryPoints.filter((e) => e.kind === 'npm-script');
  const make = a.entryPoints.filter((e) => e.kind === 'make-target');
  if (wants(ctx, 'scripts') && scripts.length) {
    parts.push(`${plural(scripts.length, 'package script')} automate the work${scripts.some((s) => s.name === 'build') ? `; ${code('build')} runs ${code(scripts.find((s) => s.name === 'build')!.command ?? '')}` : ''}:`);
    parts.push(table(['Script', 'Command', 'Defined at'], scripts.slice(0, 40).map((s) => [code(s.name), s.command ? code(s.command) : '—', cite(s.path, s.line)])));
  }
  if (wants(ctx, 'scripts') && make.length) parts.push(`The Makefile offers ${plural(make.length, 'target')}: ${joinSome(make.map((m) => `${code(m.name)} (${cite(m.path, m.line)})`), 8)}.`);
  if (wants(ctx, 'scripts') && !scripts.length && !make.length) parts.push('No package scripts or Makefile targets were found; builds use the language toolchain directly.');
  if (!wants(ctx, 'containers')) {
    // not this section's aspect
  } else if (a.containers.length) {
    parts.push(table(['Container file', 'Kind', 'Base images', 'Ports', 'Services'], a.containers.map((c) => [cite(c.path), text(c.kind), c.baseImages.map(code).join(', ') || '—', c.exposedPorts.map(text).join(', ') || '—', c.services?.map(code).join(', ') || '—'])));
    const multi = a.containers.filter((c) => c.baseImages.length > 1);
    if (multi.length) parts.push(`${joinSome(multi.map((c) => cite(c.path)), 2)} ${multi.length === 1 ? 'uses' : 'use'} a multi-stage build, keeping build tools out of the final image.`);
  } else parts.push('There is no Dockerfile or compose file, so the project ships no container image.');
  if (!wants(ctx, 'ci')) {
    // not this section's aspect
  } else if (a.ci.length) {
    const script = (c: (typeof a.ci)[number]) => c.provider === 'CI script';
    parts.push(`Continuous integration: ${joinSome(a.ci.map((c) => `${script(c) ? 'the CI script' : text(c.provider)} in ${cite(c.path)}${c.jobs.length ? ` with ${plural(c.jobs.length, script(c) ? 'step' : 'job')} (${joinSome(c.jobs.map(code), 5)})` : ''}`), 4)}.${a.ci.every(script) ? ' No hosted CI configuration (GitHub Actions, GitLab CI…) was found, so which host runs the script is not recorded in the repository.' : ''}`);
  } else parts.push('No CI workflow (GitHub Actions, GitLab CI, CircleCI, Jenkins…) was found: nothing builds or tests a change before it is merged.');
  const deployish = a.entryPoints.filter((e) => /deploy|release|publish/i.test(e.name));
  if (wants(ctx, 'scripts') && deployish.length) parts.push(`Release steps: ${joinSome(deployish.map((e) => `${code(e.name)} at ${cite(e.path, e.line)}`), 4)}.`);
  return paragraphs(...parts);
}
