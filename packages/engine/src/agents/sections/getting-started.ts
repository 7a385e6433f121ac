// Getting started: prerequisites from the manifests, install and run commands from lockfiles and scripts.

import type { WriterContext } from '../writers/context.ts';
import {
  bullets,
  cite,
  code,
  codeBlock,
  joinSome,
  paragraphs,
  ref,
  sentence,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';

export const gettingStarted = defineSection({
  kind: 'getting-started',
  keywords: [
    'getting started',
    'installation',
    'install',
    'setup',
    'set up',
    'quick start',
    'quickstart',
    'usage',
    'how to run',
    'running locally',
    'onboarding',
    'prerequisites',
    'developer guide',
    'local development',
  ],
  evidence: ['docs.readme', 'entryPoints', 'manifests', 'envVars', 'containers'],
  analyst(a) {
    const out: Finding[] = [];
    const setup = a.docs.readme?.headings.filter((h) => /start|install|setup|usage|run/i.test(h)) ?? [];
    if (a.docs.readme && setup.length)
      out.push(
        f(
          `The README covers ${joinSome(
            setup.map((h) => `"${text(h)}"`),
            3,
          )}.`,
          [ref(a.docs.readme.path)],
        ),
      );
    const run = a.entryPoints.filter((e) => /^(start|dev|serve|run|install|setup|build)$/.test(e.name));
    if (run.length)
      out.push(
        f(
          `Run it with ${joinSome(
            run.map((e) => text(e.name)),
            4,
          )}.`,
          run.slice(0, 3).map((e) => ref(e.path, e.line)),
        ),
      );
    if (!out.length) out.push(f('Neither the README nor the scripts describe how to start the project.'));
    return out;
  },
  writer: writeGettingStarted,
});

const RUNTIME: Record<string, string> = {
  npm: 'Node.js',
  pip: 'Python',
  go: 'Go',
  cargo: 'Rust (cargo)',
  maven: 'Java with Maven',
  gradle: 'Java with Gradle',
  composer: 'PHP with Composer',
  bundler: 'Ruby with Bundler',
  nuget: '.NET SDK',
};

export function writeGettingStarted({ a, fx }: WriterContext): string {
  const parts: string[] = [];
  const eco = [...new Set(a.manifests.map((m) => m.ecosystem))];
  if (eco.length)
    parts.push(
      `Prerequisites, from the manifests: ${joinSome(
        eco.map(
          (e) =>
            `${RUNTIME[e] ?? text(e)} (${joinSome(
              a.manifests.filter((m) => m.ecosystem === e).map((m) => cite(m.path)),
              2,
            )})`,
        ),
        5,
      )}.`,
    );
  const steps: string[] = [];
  const has = (re: RegExp) => fx.lockfiles.find((p) => re.test(p));
  for (const m of a.manifests) {
    const dir = m.path.includes('/') ? m.path.slice(0, m.path.lastIndexOf('/')) : '';
    const cd = dir ? `cd ${dir} && ` : '';
    if (m.ecosystem === 'npm' && !dir)
      steps.push(
        has(/pnpm-lock/)
          ? 'pnpm install'
          : has(/yarn\.lock/)
            ? 'yarn install'
            : has(/package-lock/)
              ? 'npm ci'
              : 'npm install',
      );
    else if (m.ecosystem === 'pip')
      steps.push(m.path.endsWith('.txt') ? `pip install -r ${m.path}` : `${cd}pip install .`);
    else if (m.ecosystem === 'go') steps.push(`${cd}go build ./...`);
    else if (m.ecosystem === 'cargo') steps.push(`${cd}cargo build`);
    else if (m.ecosystem === 'maven') steps.push(`${cd}mvn package`);
    else if (m.ecosystem === 'gradle') steps.push(`${cd}./gradlew build`);
    else if (m.ecosystem === 'composer') steps.push(`${cd}composer install`);
    else if (m.ecosystem === 'bundler') steps.push(`${cd}bundle install`);
    else if (m.ecosystem === 'nuget') steps.push(`${cd}dotnet build`);
  }
  const example = a.files.find((f) => /(^|\/)\.env\.(example|sample|template)$/.test(f.path));
  const required = [
    ...new Set(fx.codeEnvVars.filter((e) => e.defaultValue === undefined).map((e) => e.name)),
  ];
  if (example) steps.push(`cp ${example.path} .env`);
  const scripts = a.entryPoints.filter((e) => e.kind === 'npm-script' && !e.path.includes('/'));
  for (const name of ['build', 'dev', 'start', 'test']) {
    const s = scripts.find((x) => x.name === name);
    if (s) steps.push(name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`);
  }
  const make = a.entryPoints.filter(
    (e) => e.kind === 'make-target' && /^(install|setup|build|run|start|dev|test)$/.test(e.name),
  );
  if (!scripts.length) for (const m of make) steps.push(`make ${m.name}`);
  const compose = a.containers.find((c) => c.kind === 'compose');
  const docker = a.containers.find((c) => c.kind === 'dockerfile');
  const sources = `the manifests${when(scripts.length, ', package scripts')}${when(make.length, ' and Makefile')}`;
  if (unique(steps).length)
    parts.push(
      `Derived from ${sources} present in the repository:`,
      codeBlock(unique(steps).join('\n').replace(/\r/g, ''), 'sh'),
    );
  else
    parts.push(
      sentence(
        'No manifest, script or Makefile says how to install or run the project',
        '; the steps have to be taken from its source',
      ),
    );
  if (required.length)
    parts.push(
      sentence(
        'Set these environment variables first (no default was found in the code for them): ',
        joinSome(required.map(code), 8),
        when(example, `; ${cite(example?.path ?? '')} lists them`),
      ),
    );
  if (compose)
    parts.push(`To run everything in containers: ${code(`docker compose -f ${compose.path} up`)}.`);
  else if (docker)
    parts.push(
      sentence(
        `To build the container image: ${code(`docker build -f ${docker.path} .`)}`,
        when(docker.exposedPorts.length, `; it listens on port ${docker.exposedPorts.map(text).join(', ')}`),
      ),
    );
  const readme = a.docs.readme;
  if (readme) {
    const relevant = readme.headings.filter((h) =>
      /start|install|setup|usage|run|develop|build|config|deploy|import/i.test(h),
    );
    parts.push(
      relevant.length
        ? `The README (${cite(readme.path)}) has more under ${joinSome(
            relevant.map((h) => `“${text(h)}”`),
            5,
          )}.`
        : `The README (${cite(readme.path)}) has no installation or usage section${
            readme.headings.length
              ? `; its headings are ${joinSome(
                  readme.headings.map((h) => `“${text(h)}”`),
                  5,
                )}`
              : ''
          }.`,
    );
  } else parts.push('There is no README to follow.');
  const docs = a.docs.files.filter((p) => p !== readme?.path);
  if (docs.length) parts.push(`Further documentation:\n\n${bullets(docs.slice(0, 8).map((p) => cite(p)))}`);
  return paragraphs(...parts);
}
