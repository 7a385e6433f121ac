// Build and deployment: scripts, make targets, Dockerfiles/compose, CI workflows and their jobs.

import { wants, type WriterContext } from '../writers/context.ts';
import type { CiInfo } from '../../analyse/types.ts';
import {
  agree,
  cite,
  code,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';

export const buildDeploy = defineSection({
  kind: 'build-deploy',
  keywords: [
    'deployment',
    'deploy',
    'ci/cd',
    'ci cd',
    'continuous integration',
    'continuous delivery',
    'build',
    'build and deployment',
    'release',
    'packaging',
    'infrastructure',
    'devops',
    'docker',
    'containers',
    'pipeline',
    'operations',
    'hosting',
  ],
  aspects: [
    ['container', 'containers'],
    ['docker', 'containers'],
    ['image', 'containers'],
    ['ci', 'ci'],
    ['continuous integration', 'ci'],
    ['pipeline', 'ci'],
    ['workflow', 'ci'],
    ['script', 'scripts'],
    ['build', 'scripts'],
    ['make', 'scripts'],
  ],
  evidence: ['entryPoints', 'ci', 'containers', 'manifests'],
  analyst(a) {
    const scripts = a.entryPoints.filter((e) => e.kind === 'npm-script' || e.kind === 'make-target');
    const out: Finding[] = [];
    if (scripts.length) {
      const npm = scripts.filter((s) => s.kind === 'npm-script').length;
      const make = scripts.length - npm;
      const names = unique(scripts.map((s) => s.name));
      const what = joinSome(
        [npm ? plural(npm, 'package script') : '', make ? plural(make, 'make target') : ''].filter(Boolean),
        2,
      );
      // the same script name in several manifests is counted once among the names
      const distinct = when(names.length < scripts.length, `, under ${num(names.length)} distinct names`);
      out.push(
        f(
          sentence(
            `${what} ${agree(scripts.length, 'drives', 'drive')} the build`,
            distinct,
            `: ${joinSome(names.map(text), 5)}`,
          ),
          scripts.slice(0, 3).map((s) => ref(s.path, s.line)),
          'scripts',
        ),
      );
    }
    const jobs = a.ci.reduce((n, c) => n + c.jobs.length, 0);
    const hosts = unique(a.ci.map((c) => (isScript(c) ? `a CI script (${text(c.path)})` : c.provider)));
    const steps = when(jobs, ` with ${plural(jobs, a.ci.every(isScript) ? 'step' : 'job')}`);
    out.push(
      a.ci.length
        ? f(
            sentence(`CI runs on ${joinSome(hosts, 2)}`, steps),
            a.ci.map((c) => ref(c.path)),
            'ci',
          )
        : f('No CI workflow was found.', [], 'ci'),
    );
    if (a.containers.length)
      out.push(
        f(
          `Container images start from ${joinSome(unique(a.containers.flatMap((c) => c.baseImages)).map(text), 3)}.`,
          a.containers.map((c) => ref(c.path)),
          'containers',
        ),
      );
    else out.push(f('No Dockerfile or compose file packages the project.', [], 'containers'));
    return out;
  },
  writer: writeBuildDeploy,
});

export function writeBuildDeploy(ctx: WriterContext): string {
  const { a } = ctx;
  const parts: string[] = [];
  const scripts = a.entryPoints.filter((e) => e.kind === 'npm-script');
  const make = a.entryPoints.filter((e) => e.kind === 'make-target');
  if (wants(ctx, 'scripts') && scripts.length) {
    const build = scripts.find((s) => s.name === 'build');
    const builds = when(build, `; ${code('build')} runs ${code(build?.command ?? '')}`);
    parts.push(
      `${plural(scripts.length, 'package script')} ${agree(scripts.length, 'automates', 'automate')} the work${builds}:`,
    );
    parts.push(
      table(
        ['Script', 'Command', 'Defined at'],
        scripts
          .slice(0, 40)
          .map((s) => [code(s.name), s.command ? code(s.command) : '—', cite(s.path, s.line)]),
      ),
    );
  }
  if (wants(ctx, 'scripts') && make.length)
    parts.push(
      `The Makefile offers ${plural(make.length, 'target')}: ${joinSome(
        make.map((m) => `${code(m.name)} (${cite(m.path, m.line)})`),
        8,
      )}.`,
    );
  if (wants(ctx, 'scripts') && !scripts.length && !make.length)
    parts.push(
      'No package scripts or Makefile targets were found; builds use the language toolchain directly.',
    );
  if (!wants(ctx, 'containers')) {
    // not this section's aspect
  } else if (a.containers.length) {
    parts.push(
      table(
        ['Container file', 'Kind', 'Base images', 'Ports', 'Services'],
        a.containers.map((c) => [
          cite(c.path),
          text(c.kind),
          c.baseImages.map(code).join(', ') || '—',
          c.exposedPorts.map(text).join(', ') || '—',
          c.services?.map(code).join(', ') || '—',
        ]),
      ),
    );
    const multi = a.containers.filter((c) => c.baseImages.length > 1);
    if (multi.length)
      parts.push(
        sentence(
          joinSome(
            multi.map((c) => cite(c.path)),
            2,
          ),
          ` ${agree(multi.length, 'uses', 'use')} a multi-stage build`,
          ', keeping build tools out of the final image',
        ),
      );
  } else parts.push('There is no Dockerfile or compose file, so the project ships no container image.');
  if (!wants(ctx, 'ci')) {
    // not this section's aspect
  } else if (a.ci.length) {
    const unhosted = sentence(
      ' No hosted CI configuration (GitHub Actions, GitLab CI…) was found',
      ', so which host runs the script is not recorded in the repository',
    );
    parts.push(
      `Continuous integration: ${joinSome(a.ci.map(ciRun), 4)}.${when(a.ci.every(isScript), unhosted)}`,
    );
  } else
    parts.push(
      sentence(
        'No CI workflow (GitHub Actions, GitLab CI, CircleCI, Jenkins…) was found',
        ': nothing builds or tests a change before it is merged',
      ),
    );
  const deployish = a.entryPoints.filter((e) => /deploy|release|publish/i.test(e.name));
  if (wants(ctx, 'scripts') && deployish.length)
    parts.push(
      `Release steps: ${joinSome(
        deployish.map((e) => `${code(e.name)} at ${cite(e.path, e.line)}`),
        4,
      )}.`,
    );
  return paragraphs(...parts);
}

/** A repository script that CI calls, as opposed to a hosted provider's configuration. */
function isScript(c: CiInfo): boolean {
  return c.provider === 'CI script';
}

/** "GitHub Actions in `ci.yml` with 2 jobs (`test` and `lint`)"; a script counts steps, not jobs. */
function ciRun(c: CiInfo): string {
  const who = isScript(c) ? 'the CI script' : text(c.provider);
  const unit = isScript(c) ? 'step' : 'job';
  const jobs = when(c.jobs.length, ` with ${plural(c.jobs.length, unit)} (${joinSome(c.jobs.map(code), 5)})`);
  return `${who} in ${cite(c.path)}${jobs}`;
}
