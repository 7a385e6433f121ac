// Getting started: prerequisites from the manifests, install and run commands from lockfiles and scripts.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { taskRunner } from '../../analyse/task-files.ts';
import { baseName } from '../../analyse/sources.ts';
import type { Analysis } from '../../analyse/types.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  bullets,
  cite,
  code,
  codeBlock,
  joinAnd,
  joinSome,
  paragraphs,
  plural,
  ref,
  sentence,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';
import { mustBeSet } from '../model.ts';
import { oneBlock } from '../facts.ts';

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

/** How a runtime a manifest requires is named in prose. */
const REQUIRED_NAME: Record<string, string> = {
  python: 'Python',
  java: 'Java',
  go: 'Go',
  rust: 'Rust',
  node: 'Node.js',
  bun: 'Bun',
  deno: 'Deno',
  npm: 'npm',
  pnpm: 'pnpm',
  yarn: 'Yarn',
};

const ENV_TEMPLATE_SUFFIX = /\.(example|sample|template)$/;
const ENV_TEMPLATE = /(^|\/)\.env(\.[\w-]+)?\.(example|sample|template)$/;

// kinds whose users install a published package rather than run the repository
const PACKAGE_KINDS = new Set(['library', 'framework', 'plugin', 'cli', 'build-tool']);

/** The product's manifests: never an example's, a benchmark's, the docs' or a maintainer tool's. */
const productManifests = (a: WriterContext['a']) =>
  a.manifests.filter((m) => !m.area || m.area === 'product');

/**
 * The line a user runs to get the published package, from the root manifest's name: `npm install
 * koa`, `pip install requests`, `go get <module>`, `cargo add`/`cargo install` for a Rust CLI.
 */
export function installLine(a: WriterContext['a']): string | null {
  const kind = a.identity?.kind;
  if (!kind || !PACKAGE_KINDS.has(kind)) return null;
  const cli = kind === 'cli' || kind === 'build-tool';
  const root = productManifests(a).find((m) => !m.path.includes('/') && m.name);
  if (!root) return null;
  const name = root.name!;
  switch (root.ecosystem) {
    case 'npm':
      return cli ? `npm install -g ${name}` : `npm install ${name}`;
    case 'pip':
      return `python -m pip install ${name}`;
    case 'go':
      return cli ? `go install ${name}@latest` : `go get ${name}`;
    case 'cargo':
      return cli ? `cargo install ${name}` : `cargo add ${name}`;
    case 'composer':
      return `composer require ${name}`;
    case 'bundler':
      return null;
    default:
      return null;
  }
}

// a build file's recipe that sets up the developer's tools: `install-dev-deps`, `setup`, `tools`
const SETUP_NAME =
  /^(?:install[-_])?(?:dev[-_])?(?:deps|dependencies|tools)$|^install[-_]dev\b|^(?:setup|bootstrap)$/;
// commands that install a tool onto the machine: `cargo install cargo-watch`, `go install …@v1`
const TOOL_INSTALL =
  /\b(?:cargo|go|pipx|brew|gem)\s+install\b|\b(?:npm|pnpm|yarn)\s+(?:i|install|add)\s+(?:-g|--global)\b|\byarn\s+global\s+add\b/;
// the subcommands cargo ships (and the rustup components fmt and clippy): any other comes from a tool
const CARGO_OWN = new Set(
  'add b bench build c check clean clippy config d doc fetch fix fmt generate-lockfile help info init install locate-project login logout metadata new owner package pkgid publish r read-manifest remove report run rustc rustdoc search t test tree uninstall update vendor verify-project version yank'.split(
    ' ',
  ),
);

type Recipe = Analysis['entryPoints'][number];

/**
 * The recipe of the same build file that installs the developer's tools, when a recipe the steps
 * run (or one it depends on) needs one: a tool that recipe names, or a cargo subcommand cargo does not
 * ship (`cargo lrun` from cargo-limit).
 */
export function toolSetup(entries: Recipe[], steps: Recipe[]): Recipe | null {
  const file = steps[0]!.path;
  const recipes = entries.filter((e) => e.kind === 'make-target' && e.path === file);
  const setup = recipes.find((e) => SETUP_NAME.test(e.name) && TOOL_INSTALL.test(e.command ?? ''));
  if (!setup) return null;
  const installed = [...(setup.command ?? '').matchAll(/\binstall\s+(?:--?[\w-]+\s+)*([a-z][\w.-]*)/g)].map(
    (m) => m[1]!.split('@')[0]!,
  );
  const commandsOf = (r: Recipe): string[] => [
    r.command ?? '',
    ...(r.prerequisites ?? []).flatMap((p) => {
      const dep = recipes.find((x) => x.name === p.split(/\s/)[0]);
      return [p, ...(dep && dep !== r ? [dep.command ?? ''] : [])];
    }),
  ];
  const needs = (command: string) =>
    [...command.matchAll(/\bcargo\s+([a-z][\w-]*)/g)].some((m) => !CARGO_OWN.has(m[1]!)) ||
    installed.some((t) =>
      new RegExp(`(?<![\\w-])${t.replace(/^cargo-/, 'cargo ').replace(/[.]/g, '\\.')}\\b`).test(command),
    );
  return steps.some((r) => commandsOf(r).some(needs)) ? setup : null;
}

/**
 * True when a command installs the published package by its registry name (`cargo install -f just`,
 * `npm install -g koa`, `pip install requests`) rather than from the working tree (`--path .`, `-e .`).
 */
export function installsRelease(command: string, name: string): boolean {
  return command.split(/;|&&|\|\|/).some((c) => {
    const words = c.trim().split(/\s+/);
    const at = words.findIndex(
      (w, i) => w === 'install' && /^(cargo|npm|pnpm|yarn|bun|pip3?|gem|go)$/.test(words[i - 1] ?? ''),
    );
    if (at < 0) return false;
    const args = words.slice(at + 1);
    if (args.some((w) => /^(--path|-e|--editable|--git)$/.test(w) || /^\.{1,2}(\/|$)/.test(w))) return false;
    // `koa@latest`, `@scope/pkg@1`: the name before the version
    return args.some((w) => (w.lastIndexOf('@') > 0 ? w.slice(0, w.lastIndexOf('@')) : w) === name);
  });
}

/** The command that runs a package script with the manager the lockfile names. */
function scriptRunner(lockfiles: string[]): string {
  const has = (re: RegExp) => lockfiles.some((p) => re.test(p));
  if (has(/(^|\/)bun\.lockb?$/)) return 'bun';
  if (has(/pnpm-lock/)) return 'pnpm';
  if (has(/yarn\.lock/)) return 'yarn';
  return 'npm';
}

/** "; the README's setup names them (README.md:32)", or which of them it leaves out. */
function readmeSetup(a: WriterContext['a'], required: string[]): string {
  const readme = a.docs.readme?.path;
  const named = (a.docs.envVarMentions ?? []).filter((m) => m.file === readme && required.includes(m.name));
  if (!readme || !named.length) return '';
  // names spread over the README: it is cited whole, its first mention names only some of them
  const at = oneBlock(named) ? cite(readme, Math.min(...named.map((m) => m.line))) : cite(readme);
  const missing = required.filter((n) => !named.some((m) => m.name === n));
  return missing.length
    ? `; the README's setup (${at}) names all but ${joinSome(missing.map(code), 4)}`
    : `; the README's setup (${at}) names every one`;
}

/** A line of a README's code block that runs one of the package's scripts: `pnpm supabase:start`. */
const SCRIPT_RUN = /^\s*(?:\$\s*)?(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?([\w:.-]+)\s*$/;

// a block the README offers rather than asks for: "You can …", "If you need …", "Once you've linked
// …", "To link …", "And push …", "can also"
const OFFERED = /^(?:you\s+(?:can|may)|if|once|to|and|optionally)\b|\bcan\s+also\b/i;

/**
 * The package scripts a README's code blocks run, in the order it runs them: the setup its authors
 * walk through (`pnpm supabase:start`, `pnpm stripe:listen`, `pnpm dev`), each with its line. A block
 * its lead sentence only offers (`You can seed your local database with …`) is no step of the setup.
 */
export function readmeScriptSteps(readme: string, scripts: string[]): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  let inBlock = false;
  let lead = '';
  readme.split('\n').forEach((l, i) => {
    if (/^\s*(?:```|~~~)/.test(l)) {
      inBlock = !inBlock;
      return;
    }
    if (!inBlock) {
      if (l.trim()) lead = l.trim();
      return;
    }
    const m = SCRIPT_RUN.exec(l);
    if (m && !OFFERED.test(lead) && scripts.includes(m[1]!) && !out.some((o) => o.name === m[1]))
      out.push({ name: m[1]!, line: i + 1 });
  });
  return out;
}

/** The command-line tools a README links by name: "the [Stripe CLI](…)" → `stripe`. */
export function readmeClis(readme: string): string[] {
  return unique(
    [...readme.matchAll(/\[(?:the\s+)?([A-Za-z][\w-]{0,30})\s+CLI\]\(/g)].map((m) => m[1]!.toLowerCase()),
  );
}

/** What a README says to install, by the link it gives: "you will need to install [Docker](…)". */
export function readmeInstalls(readme: string): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  readme.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(/\binstall\s+\[([^\]\n]{1,40})\]\(/gi))
      if (!out.some((o) => o.name === m[1])) out.push({ name: m[1]!, line: i + 1 });
  });
  return out;
}

/** The README's text, where there is one to read. */
function readmeTextOf(a: WriterContext['a'], root: string | undefined): string | null {
  const p = a.docs.readme?.path;
  if (!p || !root) return null;
  try {
    return readFileSync(path.join(root, p), 'utf8');
  } catch {
    return null;
  }
}

export function writeGettingStarted({ a, fx, workspace }: WriterContext): string {
  const parts: string[] = [];
  const manifests = productManifests(a);
  const eco = [...new Set(manifests.map((m) => m.ecosystem))];
  // the versions the manifests ask for (`requires-python`, `engines`, `packageManager`) are the
  // prerequisite; without one, the runtime alone with the manifests that imply it, and the package
  // manager a committed lockfile names (pnpm, Yarn, Bun): not npm's own
  const asked = manifests.flatMap((m) => (m.requires ?? []).map((r) => ({ ...r, path: m.path })));
  const runtimeName = (n: string) => REQUIRED_NAME[n.toLowerCase()] ?? n;
  const manager = scriptRunner(fx.lockfiles);
  const managerLock = fx.lockfiles.find((p) => !p.includes('/') && manager !== 'npm' && p.includes(manager));
  // one requirement two manifests state alike (Maven's and Gradle's Java 17) is named once, with both
  const alike = new Map<string, typeof asked>();
  for (const r of asked)
    alike.set(`${r.name}@${r.version}`, [...(alike.get(`${r.name}@${r.version}`) ?? []), r]);
  if (asked.length)
    parts.push(
      `Prerequisites: ${joinSome(
        [...alike.values()].map(
          (rs) =>
            `${text(runtimeName(rs[0]!.name))} ${code(rs[0]!.version)} (${joinAnd(rs.map((r) => cite(r.path, r.line)))})`,
        ),
        5,
      )}.`,
    );
  else if (eco.length)
    parts.push(
      `Prerequisites: ${joinSome(
        eco.map((e) => {
          const withManager = e === 'npm' && managerLock;
          return `${RUNTIME[e] ?? text(e)}${withManager ? ` with ${manager}` : ''} (${joinSome(
            [
              ...manifests.filter((m) => m.ecosystem === e).map((m) => cite(m.path)),
              ...(withManager ? [cite(managerLock)] : []),
            ],
            3,
          )})`;
        }),
        5,
      )}.`,
    );
  const install = installLine(a);
  if (install)
    parts.push(
      `Users get the published package with the manifest's name (${cite(manifests.find((m) => !m.path.includes('/'))!.path)}):`,
      codeBlock(install, 'sh'),
    );
  const steps: string[] = [];
  const runner = scriptRunner(fx.lockfiles);
  const hasFile = (p: string) => a.files.some((f) => f.path === p);
  // runtime requirements before the development ones
  const dev = (p: string) => /(^|[/_.-])(dev|test|tests|lint|docs?|ci)([/_.-]|$)/i.test(p);
  manifests.sort((x, y) => Number(dev(x.path)) - Number(dev(y.path)));
  const mavenAtRoot = manifests.some((m) => m.ecosystem === 'maven' && !m.path.includes('/'));
  const gradleAtRoot = manifests.find((m) => m.ecosystem === 'gradle' && !m.path.includes('/'));
  // a crate below the root that shares the root's Cargo.lock is a member of its workspace: the root's
  // `cargo build --workspace` builds it, no `cd` into it needed
  const cargoRoot =
    manifests.some((m) => m.ecosystem === 'cargo' && m.path === 'Cargo.toml') &&
    fx.lockfiles.includes('Cargo.lock');
  const member = (m: (typeof manifests)[number]) =>
    cargoRoot &&
    m.ecosystem === 'cargo' &&
    m.path !== 'Cargo.toml' &&
    !fx.lockfiles.includes(m.path.replace(/Cargo\.toml$/, 'Cargo.lock'));
  const members = manifests.filter(member).length;
  for (const m of manifests) {
    const dir = m.path.includes('/') ? m.path.slice(0, m.path.lastIndexOf('/')) : '';
    const cd = dir ? `cd ${dir} && ` : '';
    if (member(m)) continue;
    if (m.ecosystem === 'npm' && !dir)
      steps.push(
        runner === 'npm' && fx.lockfiles.some((p) => /package-lock/.test(p)) ? 'npm ci' : `${runner} install`,
      );
    // a committed uv.lock beside the manifest: the project is worked on through uv, its groups included
    else if (m.ecosystem === 'pip')
      steps.push(
        m.path.endsWith('.txt')
          ? `pip install -r ${m.path}`
          : fx.lockfiles.includes(`${dir ? `${dir}/` : ''}uv.lock`)
            ? `${cd}uv sync`
            : `${cd}pip install .`,
      );
    else if (m.ecosystem === 'go') steps.push(`${cd}go build ./...`);
    else if (m.ecosystem === 'cargo') steps.push(`${cd}cargo build${!dir && members ? ' --workspace' : ''}`);
    // the wrapper committed beside the build file pins the build tool's version
    else if (m.ecosystem === 'maven')
      steps.push(`${cd}${hasFile(`${dir ? dir + '/' : ''}mvnw`) ? './mvnw' : 'mvn'} package`);
    // with both build files at the root, one build is enough: Maven's, and Gradle is named below
    else if (m.ecosystem === 'gradle' && !(dir === '' && mavenAtRoot))
      steps.push(`${cd}${hasFile(`${dir ? dir + '/' : ''}gradlew`) ? './gradlew' : 'gradle'} build`);
    else if (m.ecosystem === 'composer') steps.push(`${cd}composer install`);
    else if (m.ecosystem === 'bundler') steps.push(`${cd}bundle install`);
    else if (m.ecosystem === 'nuget') steps.push(`${cd}dotnet build`);
  }
  // every env template (`.env.example`, `.env.local.example`) is copied to its own name without the suffix
  const examples = a.files.map((f) => f.path).filter((p) => ENV_TEMPLATE.test(p));
  const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  const composeFile = install ? undefined : a.containers.find((c) => c.kind === 'compose');
  // a template beside a compose file in a subfolder is that compose file's, not the local run's
  const forCompose = examples.filter((p) => composeFile && dirOf(p) && dirOf(p) === dirOf(composeFile.path));
  // the product's settings it cannot run without (a read that fails, or an empty key handed to a
  // client): a lookup that returns nothing is optional, and a CI, build or platform variable is not a user's to set
  const required = unique(
    fx.codeEnvVars
      .filter((e) => mustBeSet(e) && (e.class ?? 'config') === 'config' && (!e.area || e.area === 'product'))
      .map((e) => e.name),
  );
  const listed = required.filter((n) => a.envVars.some((e) => examples.includes(e.file) && e.name === n));
  const lister = examples.find((p) =>
    listed.every((n) => a.envVars.some((e) => e.file === p && e.name === n)),
  );
  const copy = (p: string) => `cp ${p} ${p.replace(ENV_TEMPLATE_SUFFIX, '')}`;
  // the copy goes beside the example, where the tools that read it look
  for (const p of examples) if (!forCompose.includes(p)) steps.push(copy(p));
  // an application framework's own start command, where its marker file is at the root
  const framework = (name: string) => a.frameworks.some((f) => f.name === name);
  if (!install && framework('Django') && hasFile('manage.py'))
    steps.push('python manage.py migrate', 'python manage.py runserver');
  if (!install && framework('Spring Boot')) {
    if (mavenAtRoot) steps.push(`${hasFile('mvnw') ? './mvnw' : 'mvn'} spring-boot:run`);
    else if (gradleAtRoot) steps.push(`${hasFile('gradlew') ? './gradlew' : 'gradle'} bootRun`);
  }
  const scripts = a.entryPoints.filter((e) => e.kind === 'npm-script' && !e.path.includes('/'));
  // `bun test` is bun's own test runner, not the package's script
  // composer runs its scripts by name
  const composer = scripts.length > 0 && scripts.every((x) => x.path === 'composer.json');
  const run = (name: string) =>
    composer
      ? `composer ${name}`
      : (name === 'start' || name === 'test') && runner !== 'bun'
        ? `${runner} ${name}`
        : `${runner} run ${name}`;
  // the README's own walk through the scripts, where it runs more than the usual four (starting local
  // services, forwarding webhooks): its authors' order, which the usual four cannot give
  const readmeText = readmeTextOf(a, workspace?.root);
  const walked = readmeText
    ? readmeScriptSteps(
        readmeText,
        scripts.map((x) => x.name),
      )
    : [];
  const guided = walked.some((w) => !['build', 'dev', 'start', 'test'].includes(w.name));
  const has = (name: string) => scripts.some((x) => x.name === name);
  // a development server and a production build are two ways to run it, not one sequence
  const alternative = !guided && has('dev') && (has('build') || has('start'));
  if (guided) for (const w of walked) steps.push(run(w.name));
  else
    for (const name of ['build', 'dev', 'start', 'test'])
      if (has(name) && !(alternative && (name === 'build' || name === 'start'))) steps.push(run(name));
  const production = alternative ? ['build', 'start'].filter(has).map(run) : [];
  // a script's command-line tool that no manifest installs must be on the machine already
  // (one run through npx comes from the package's own dependencies; one the README links as a CLI,
  // `the [Stripe CLI]`, is that vendor's program even where its SDK is a dependency of the same name)
  const declared = new Set(a.dependencies.map((d) => d.name));
  const clis = readmeText ? readmeClis(readmeText) : [];
  const tools = unique(
    (guided ? walked.map((w) => scripts.find((x) => x.name === w.name)!) : []).flatMap((x) => {
      const tool = /^([a-z][\w-]*)\s/.exec(x.command ?? '')?.[1];
      const vendor = !!tool && (clis.includes(tool) || !declared.has(tool));
      return tool && vendor && !/^(?:npm|pnpm|yarn|bun|node|npx)$/.test(tool) ? [tool] : [];
    }),
  );
  const installs = guided && readmeText ? readmeInstalls(readmeText) : [];
  // the project's own build file only: an example's recipes (a `setup` in examples/x.just) are the
  // example's, and a recipe that installs the released package is the user's line above, not a step
  // on the working tree
  const root = manifests.find((m) => !m.path.includes('/') && m.name)?.name;
  const make = a.entryPoints.filter(
    (e) =>
      e.kind === 'make-target' &&
      /^(install|setup|build|run|start|dev|test)$/.test(e.name) &&
      (!e.area || e.area === 'product') &&
      !(root && e.command && installsRelease(e.command, root)),
  );
  // a justfile's recipes run with `just`, a Taskfile's tasks with `task`, a Makefile's targets with `make`
  const runnerOf = (m: (typeof make)[number]) => taskRunner(baseName(m.path)).program;
  if (!scripts.length) {
    // a recipe that runs a tool the build file's own setup recipe installs (`cargo lrun` from
    // cargo-limit, installed by `install-dev-deps`) works only after that recipe has run
    const setup = make.length ? toolSetup(a.entryPoints, make) : null;
    if (setup) steps.push(`${runnerOf(setup)} ${setup.name}`);
    for (const m of make) steps.push(`${runnerOf(m)} ${m.name}`);
  }
  // a package's users install it; its container files package a release, not a way to start it
  const containers = install ? [] : a.containers;
  const compose = containers.find((c) => c.kind === 'compose');
  const docker = containers.find((c) => c.kind === 'dockerfile');
  if (unique(steps).length)
    parts.push(
      install
        ? 'To work on the code itself:'
        : (stepsDone(unique(steps)) ??
            // "build" only where a step builds: installing packages and migrating a database set it up
            (unique(steps).some((st) => /\b(build|package|compile|assemble)\b/.test(st))
              ? 'To build and run it:'
              : 'To set it up and run it:')),
      codeBlock(unique(steps).join('\n').replace(/\r/g, ''), 'sh'),
    );
  else
    parts.push(
      sentence(
        'No manifest, script or Makefile says how to install or run the project',
        '; the steps have to be taken from its source',
      ),
    );
  if (production.length)
    parts.push(
      `For a production build instead of the development server: ${production.map(code).join(', then ')}.`,
    );
  if (guided && (installs.length || tools.length)) {
    const readmePath = a.docs.readme!.path;
    const needs = [
      ...installs.map((x) => `${text(x.name)} (${cite(readmePath, x.line)})`),
      ...tools.map(
        (t) =>
          `the ${code(t)} command-line tool, which no manifest installs (run by ${joinSome(
            walked
              .filter((w) => scripts.find((x) => x.name === w.name)?.command?.startsWith(t))
              .map((w) => code(w.name)),
            3,
          )})`,
      ),
    ];
    // before the steps' lead and block, just pushed: what to install comes before what to run
    parts.splice(
      parts.length - 2,
      0,
      `The README's setup (${cite(readmePath, walked[0]!.line)}) also needs ${joinAnd(needs)}.`,
    );
  }
  if (required.length)
    parts.push(
      sentence(
        'The code cannot run without these settings, so set them before the first run: ',
        joinSome(required.map(code), 12),
        when(
          lister && listed.length,
          `; ${cite(lister ?? '')} lists ${listed.length === required.length ? 'them' : joinSome(listed.map(code), 4)}`,
        ),
        readmeSetup(a, required),
      ),
    );
  if (mavenAtRoot && gradleAtRoot)
    parts.push(`Gradle (${cite(gradleAtRoot.path)}) builds the same project as an alternative to Maven.`);
  if (compose)
    parts.push(
      `To start the services of ${cite(compose.path)}${compose.services?.length ? ` (${joinSome(compose.services.map(code), 5)})` : ''} in containers: ${[...forCompose.map(copy), `docker compose -f ${compose.path} up`].map(code).join(', then ')}.`,
    );
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
      /start|install|setup|usage|run|develop|build|config|deploy|import|example|tutorial|guide/i.test(h),
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
  const docs = docsByUse(a).filter((p) => p !== readme?.path);
  if (docs.length) {
    const more = docs.length > 8 ? `\n\nand ${plural(docs.length - 8, 'more file')}.` : '';
    parts.push(`Further documentation:\n\n${bullets(docs.slice(0, 8).map((p) => cite(p)))}${more}`);
  }
  return paragraphs(...parts);
}

// pages a newcomer reads first: the docs' index, quick start, guides and the user manual
const GUIDE =
  /(?:^|\/)(?:index|readme|quick-?start|getting[-_ ]?started|guide|tutorial|intro(?:duction)?|install(?:ation)?|usage|overview|user|troubleshooting|migrat\w*)(?:[-_./]|$)/i;
// about the project rather than the code: its people, conduct, governance and history
const PROJECT_PAGE =
  /(?:^|\/)(?:authors?|contributors|(?:code[-_]of[-_])?conduct|governance|maintainers|funding|support|security|community|changelog|changes|history|news|release[-_]?(?:notes|process)?|licen[cs]e|notice)(?:[-_./]|$)/i;

/**
 * The documentation files in the order a newcomer reads them: guides and the user manual first,
 * then the other pages, then the project's own pages (authors, conduct, history), then the READMEs
 * of benchmarks, examples and tests; file order within each.
 */
export function docsByUse(a: Analysis): string[] {
  const role = new Map(a.files.map((f) => [f.path, f.role]));
  const weight = (p: string): number => {
    const r = role.get(p);
    if (r && r !== 'product' && r !== 'docs' && r !== 'other') return 3;
    if (PROJECT_PAGE.test(p)) return 2;
    // a manual page (`doc/fd.1`) is the tool's reference for its users
    return GUIDE.test(p) || /\.[1-9]$/.test(p) ? 0 : 1;
  };
  return a.docs.files
    .map((p, i) => ({ p, i, w: weight(p) }))
    .sort((x, y) => x.w - y.w || x.i - y.i)
    .map((x) => x.p);
}

/** What a kind of setup step does, in the order a reader takes them. */
const STEP_DOES: [RegExp, string][] = [
  [
    /^(?:pip install|npm ci|npm install|pnpm install|yarn(?: install)?$|bun install|bundle install|composer install|uv sync|poetry install)\b/,
    'install its dependencies',
  ],
  [/^cp \S+\.(?:example|sample|template|dist)\b/, 'copy the settings template'],
  [/\bmanage\.py migrate$|\bdb:migrate$|^alembic upgrade\b|\bprisma migrate\b/, 'create the database tables'],
  [/\b(?:build|package|compile)$|^go build\b|^cargo build\b/, 'build it'],
  [/\bmanage\.py runserver$|\brun dev$/, 'start the development server'],
  [/\b(?:start|spring-boot:run|bootRun)$/, 'start the application'],
  [/\btest$/, 'run the tests'],
];

/**
 * The lead of the setup commands, told as what they do ("Install its dependencies, create the database
 * tables and start the development server:"), where every step is of a kind whose work is known; a
 * lead that only announces the block says nothing.
 */
export function stepsDone(steps: string[]): string | undefined {
  const done = steps.map((st) => STEP_DOES.find(([re]) => re.test(st))?.[1]);
  if (!done.length || done.some((d) => !d)) return undefined;
  const said = unique(done as string[]);
  const line = joinAnd(said);
  return `${line[0]!.toUpperCase()}${line.slice(1)}:`;
}
