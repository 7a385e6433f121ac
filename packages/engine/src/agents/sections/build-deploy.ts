// Build and deployment: scripts, make targets, Dockerfiles/compose, CI workflows and their jobs.

import { isPackageKind } from '../../analyse/dependencies.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isJustfile, isTaskfile, taskRunner } from '../../analyse/task-files.ts';
import { isReadme } from '../../analyse/identity/purpose.ts';
import { readmeDeployButtons } from '../identity-text.ts';
import { docsPipelineSentence } from '../product-features.ts';
import { packageInfo } from '../../analyse/package-roles.ts';
import { baseName } from '../../analyse/sources.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import type { Analysis, CiInfo, ContainerInfo, EntryPoint } from '../../analyse/types.ts';
import {
  agree,
  cite,
  code,
  joinAnd,
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
import { isDevContainer } from '../../analyse/containers.ts';
import { defineSection, finding as f } from './define.ts';
import { ciCheckCommands } from './testing.ts';

/** The groups a justfile files its demonstrations under. */
const DEMO_GROUP = /^(?:demos?|examples?|samples?|showcase)$/i;

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
    // the product's scripts: a benchmark's or an example's package.json drives their build, not this one
    // a target that only prints a banner automates nothing
    // the same product scripts the chapter's tables count, so "39 recipes" here and "offers 40" there
    // cannot disagree: the ones that only print are named apart; nor does one count whose command
    // works on a folder or file the repository lacks (`serve ./docs`)
    // recipes filed as demonstrations (`[group: 'demo']`), with the private `_` recipes only they run,
    // show the tool off rather than do the project's work, whatever their commands
    const listed = a.entryPoints.filter(isProductScript);
    const shown = listed.filter((e) => e.group && DEMO_GROUP.test(e.group));
    const demos = listed.filter(
      (e) =>
        shown.includes(e) ||
        (e.name.startsWith('_') &&
          shown.some((d) => d.path === e.path && d.prerequisites?.includes(e.name)) &&
          !listed.some((o) => !shown.includes(o) && o.prerequisites?.includes(e.name))),
    );
    // a private recipe (`_nu`) that no recipe runs is hidden from `just --list` and reached by nothing:
    // not a task of the project, whatever it does
    const runsIt = (o: (typeof listed)[number], name: string) =>
      o.prerequisites?.includes(name) || new RegExp(`\\bjust\\s+${name}\\b`).test(o.command ?? '');
    const unreached = listed.filter(
      (e) =>
        !demos.includes(e) &&
        e.name.startsWith('_') &&
        isJustfile(baseName(e.path)) &&
        !listed.some((o) => o !== e && runsIt(o, e.name)),
    );
    const all = listed.filter((e) => !demos.includes(e) && !unreached.includes(e));
    const broken = all.filter((e) => !e.printsOnly && missingPaths(a, e.command).length);
    const scripts = all.filter((e) => !e.printsOnly && !broken.includes(e));
    const banners = all.filter((e) => e.printsOnly).length;
    const groups = unique(shown.map((e) => e.group!));
    const out: Finding[] = [];
    if (scripts.length) {
      const npm = scripts.filter((s) => s.kind === 'npm-script').length;
      const just = scripts.filter((s) => s.kind === 'make-target' && isJustfile(baseName(s.path))).length;
      const tasks = scripts.filter((s) => s.kind === 'make-target' && isTaskfile(baseName(s.path))).length;
      const make = scripts.length - npm - just - tasks;
      const names = unique(scripts.map((s) => s.name));
      const what = joinSome(
        [
          npm ? plural(npm, 'package script') : '',
          make ? plural(make, 'make target') : '',
          just ? plural(just, 'just recipe') : '',
          tasks ? plural(tasks, 'Taskfile task') : '',
        ].filter(Boolean),
        4,
      );
      // the same script name in several manifests is counted once among the names
      const distinct = when(names.length < scripts.length, `, under ${num(names.length)} distinct names`);
      // the verb fits every script: they "drive the build" only when each builds; a set led by tests and
      // lint automates project tasks, the build included when one of them builds (scripts that only
      // package completions or run checks do not build a product that cargo or go builds)
      const building = scripts.filter((s) => builds(s.name, s.command));
      const does =
        building.length === scripts.length
          ? `${agree(scripts.length, 'drives', 'drive')} the build`
          : `${agree(scripts.length, 'automates', 'automate')} project tasks${building.length ? ', the build included' : ''}`;
      // when most scripts are helpers for another command-line tool (`stripe:listen`, `db:push`), they are
      // told apart from the product's own, which alone build, run or check it
      const tools = toolHelpers(scripts);
      const helpers = new Set(scripts.filter((s) => tools.has(s.name.split(':')[0]!)).map((s) => s.name));
      const own = names.filter((n) => !helpers.has(n));
      const head =
        own.length && helpers.size * 2 > names.length
          ? `${what}: ${joinSome(own.map(text), 5)} for the product, and ${plural(helpers.size, 'helper')} that ${agree(
              helpers.size,
              'runs',
              'run',
            )} the ${joinSome([...tools].map(code), 3)} command-line ${agree(tools.size, 'tool', 'tools')}`
          : '';
      out.push(
        f(
          sentence(
            head || `${what} ${does}`,
            head ? '' : distinct,
            head ? '' : `: ${joinSome(names.map(text), 5)}`,
            when(banners, `; ${num(banners)} more only ${agree(banners, 'prints', 'print')} text`),
            when(
              demos.length,
              `; ${num(demos.length)} more ${agree(demos.length, 'is a demonstration', 'are demonstrations')} (the ${joinSome(
                groups.map(code),
                3,
              )} ${agree(groups.length, 'group', 'groups')}${demos.length > shown.length ? ` and the private recipes ${shown.length === 1 ? 'it runs' : 'they run'}` : ''})`,
            ),
            when(
              unreached.length,
              `; ${agree(unreached.length, 'the private recipe', 'the private recipes')} ${joinSome(
                unreached.map((e) => text(e.name)),
                3,
              )} ${agree(unreached.length, 'is', 'are')} run by no other recipe`,
            ),
            when(
              broken.length,
              `; ${num(broken.length)} more ${agree(broken.length, 'works', 'work')} on a path the repository lacks (${joinSome(
                broken.map((e) => text(e.name)),
                3,
              )})`,
            ),
          ),
          scripts.slice(0, 3).map((s) => ref(s.path, s.line)),
          'scripts',
        ),
      );
    }
    const jobs = a.ci.reduce((n, c) => n + c.jobs.length, 0);
    const hosts = unique(a.ci.map((c) => (isScript(c) ? `a CI script (${text(c.path)})` : c.provider)));
    const steps = when(
      jobs,
      ` with ${plural(jobs, a.ci.every(isScript) ? 'step' : 'job')}${matrixRuns(a.ci)}`,
    );
    out.push(
      a.ci.length
        ? f(
            sentence(`CI runs on ${joinSome(hosts, 2)}`, steps),
            ciByWeight(a).map((c) => ref(c.path)),
            'ci',
          )
        : f('No CI workflow was found.', [], 'ci'),
    );
    const product = a.containers.filter((c) => !isDevContainer(c.path));
    const dev = a.containers.filter((c) => isDevContainer(c.path));
    if (product.length)
      out.push(
        f(
          `Container images start from ${joinSome(unique(product.flatMap((c) => c.baseImages)).map(text), 3)}.`,
          product.map((c) => ref(c.path)),
          'containers',
        ),
      );
    else if (dev.length)
      out.push(
        f(
          `The only container ${agree(dev.length, 'file sets', 'files set')} up a development environment.`,
          dev.map((c) => ref(c.path)),
          'containers',
        ),
      );
    else out.push(f('No Dockerfile or compose file packages the project.', [], 'containers'));
    return out;
  },
  writer: writeBuildDeploy,
});

/**
 * The explicit relative paths a command names (`./docs`, `./scripts/gen.sh`) that are not in the
 * repository: no analysed or skipped file lies there. A command that serves or runs one does nothing.
 */
// folders a build writes into: a path under one is made by the command, never missing from the repository
const OUTPUT_DIR = /^(dist|build|out|target|tmp|temp|coverage|\.cache|node_modules)$/;

export function missingPaths(a: Analysis, command: string | undefined): string[] {
  if (!command) return [];
  const paths = [...a.files.map((f) => f.path), ...a.skipped.map((f) => f.path)];
  return (
    [...command.matchAll(/(?<![\w$/.-])\.\/([\w.-]+(?:\/[\w.-]+)*)\/?(?![\w$*{(])/g)]
      .map((m) => m[1]!)
      // a pattern (Go's `./...`) names no one path
      .filter((p) => /\w/.test(p) && !p.includes('...'))
      // a build output (`./dist/app.mjs`) is what the command makes, not what it works on
      .filter((p) => !OUTPUT_DIR.test(p.split('/')[0]!))
      .filter((p) => !paths.some((f) => f === p || f.startsWith(`${p}/`)))
      .map((p) => `./${p}`)
  );
}

/** The tools that a group of scripts named `tool:verb` runs, at least two scripts of which start with
 *  that tool (directly or through npx, pnpm exec or yarn). */
function toolHelpers(scripts: readonly EntryPoint[]): Set<string> {
  const runs = new Map<string, number>();
  for (const s of scripts) {
    const [prefix, verb] = s.name.split(':');
    if (!verb || !prefix) continue;
    const words = (s.command ?? '').trim().split(/\s+/);
    const first = ['npx', 'yarn'].includes(words[0]!)
      ? words[1]
      : words[0] === 'pnpm' && words[1] === 'exec'
        ? words[2]
        : words[0];
    if (first === prefix) runs.set(prefix, (runs.get(prefix) ?? 0) + 1);
  }
  return new Set(
    [...runs]
      .filter(([, n]) => n >= 2)
      .map(([tool]) => tool)
      .sort(),
  );
}

const BUILD_NAME = /^(build|compile|dist|bundle)(:|$)/i;
const BUILD_COMMAND =
  /\b(cargo\s+build|go\s+build|tsc|vite\s+build|next\s+build|webpack|rollup|esbuild|tsup|bun\s+build|mvnw?|gradlew?|python3?\s+-m\s+build|setup\.py\s+(build|bdist\w*|sdist)|gcc|g\+\+|clang|cmake|docker\s+build)\b|\$\(CC\)|\$\(CXX\)/;

// one script per task in a root script/ or scripts/ folder (`scripts/install`, `script/cibuild`)
const TASK_SCRIPT =
  /^scripts?\/(bootstrap|setup|install|update|test|build|lint|check|format|publish|release|cibuild|server|console|clean|coverage|docs)(\.sh)?$/;

// a script named for a check (`check:type` running `tsc -p …`) or a compiler run with `--noEmit`
// checks the code; it builds nothing
const CHECK_NAME = /^(check|lint|test|typecheck|type-check|verify)(:|$)/i;

/** Whether a script builds the product: by its name, or by a build command in a script that is no check. */
export function builds(name: string, command: string | undefined): boolean {
  if (BUILD_NAME.test(name)) return true;
  if (CHECK_NAME.test(name) || /\s--noEmit\b/.test(command ?? '')) return false;
  return BUILD_COMMAND.test(command ?? '');
}

const MAX_TARGETS = 25;

/**
 * One task file's targets, each by what it runs: its commands, the prerequisites it runs when it has
 * none of its own, or "prints a banner only"; the default goal (what a bare `make`/`just` runs) first.
 */
function taskFileParts(a: Analysis, file: string, targets: EntryPoint[]): string[] {
  const runner = taskRunner(baseName(file));
  const noun = runner.noun;
  const first = targets.find((t) => t.defaultGoal);
  const absent = (t: EntryPoint) => {
    const gone = missingPaths(a, t.command);
    return gone.length
      ? ` (${joinSome(gone.map(code), 3)} ${agree(gone.length, 'is', 'are')} not in the repository)`
      : '';
  };
  const runs = (t: EntryPoint) =>
    t.command
      ? `${code(t.command)}${absent(t)}`
      : t.printsOnly
        ? 'prints a banner only'
        : t.prerequisites?.length
          ? `its ${runner.deps} ${joinSome(
              t.prerequisites.map((p) => code(p)),
              4,
            )}`
          : 'nothing';
  const bare = first
    ? `; a bare ${code(runner.program)} runs ${code(first.name)}${first.command ? `, which runs ${code(first.command)}` : ''}`
    : '';
  const ordered = first ? [first, ...targets.filter((t) => t !== first)] : targets;
  return [
    `${cite(file)} offers ${plural(targets.length, noun)}${bare}:`,
    table(
      [noun.charAt(0).toUpperCase() + noun.slice(1), 'Runs', 'Defined at'],
      ordered.slice(0, MAX_TARGETS).map((t) => [code(t.name), runs(t), cite(t.path, t.line)]),
    ),
    ...(targets.length > MAX_TARGETS
      ? [
          `${plural(targets.length - MAX_TARGETS, `more ${noun} follows`, `more ${noun}s follow`)}: ${joinSome(
            ordered.slice(MAX_TARGETS).map((t) => code(t.name)),
            6,
          )}.`,
        ]
      : []),
  ];
}

/** The product's own scripts and targets; a benchmark's, the docs' or a test fixture's drive their own work. */
function isProductScript(e: EntryPoint): boolean {
  return (e.kind === 'npm-script' || e.kind === 'make-target') && (!e.area || e.area === 'product');
}

/** " Another 26 make targets belong to the docs and tests.", or nothing. */
function elsewhere(others: EntryPoint[], noun: string): string {
  if (!others.length) return '';
  const areas = unique(others.map((e) => e.area ?? 'product'));
  return ` Another ${plural(others.length, noun)} ${agree(others.length, 'belongs', 'belong')} to the ${joinAnd(areas.map(text))}.`;
}

/** "dockerfile", "compose", or "development environment (dockerfile)". */
function containerKind(c: ContainerInfo): string {
  return isDevContainer(c.path) ? `development environment (${text(c.kind)})` : text(c.kind);
}

/** One object a Kubernetes manifest declares: its kind and name, the image it runs, its service type. */
export interface KubeObject {
  kind: string;
  name?: string;
  image?: string;
  serviceType?: string;
  line: number;
}

/**
 * The objects of a Kubernetes manifest, one per YAML document that has both `apiVersion` and `kind` at
 * its top level: a Deployment with the first image its containers run, a Service with its type.
 */
export function kubernetesObjects(text: string): KubeObject[] {
  const out: KubeObject[] = [];
  const docs: { lines: string[]; from: number }[] = [{ lines: [], from: 1 }];
  text.split('\n').forEach((l, i) => {
    if (/^---\s*$/.test(l)) docs.push({ lines: [], from: i + 2 });
    else docs[docs.length - 1]!.lines.push(l);
  });
  for (const d of docs) {
    const at = (re: RegExp) => d.lines.findIndex((l) => re.test(l));
    const kindAt = at(/^kind:\s*\w/);
    if (kindAt < 0 || at(/^apiVersion:\s*\S/) < 0) continue;
    const value = (i: number) =>
      i < 0
        ? undefined
        : d.lines[i]!.replace(/^[^:]*:\s*/, '')
            .split(' #')[0]!
            .replace(/^["']|["']$/g, '')
            .trim() || undefined;
    const meta = at(/^metadata:/);
    const name = meta >= 0 ? d.lines.slice(meta + 1).findIndex((l) => /^\s{1,4}name:/.test(l)) : -1;
    const image = value(at(/^\s+(?:-\s+)?image:\s*\S/));
    const type = value(at(/^\s{1,4}type:\s*\S/));
    const kind = value(kindAt)!;
    out.push({
      kind,
      ...(name >= 0 ? { name: value(meta + 1 + name) } : {}),
      ...(image ? { image } : {}),
      ...(kind === 'Service' && type ? { serviceType: type } : {}),
      line: d.from + kindAt,
    });
  }
  return out;
}

// a README command that builds a container image: the build tool's own goal, Jib, buildpacks, docker
const IMAGE_BUILD =
  /(?:spring-boot:build-image|bootBuildImage|\bjib(?::[\w-]+)?\b|\bjibDockerBuild\b|\bpack\s+build\b|\b(?:docker|podman)\s+(?:image\s+)?build\b)/;

/** The README's code lines that build a container image, each with its line. */
export function readmeImageBuilds(readme: string): { command: string; line: number }[] {
  const out: { command: string; line: number }[] = [];
  let inBlock = false;
  readme.split('\n').forEach((l, i) => {
    if (/^\s*(?:```|~~~)/.test(l)) inBlock = !inBlock;
    else if (inBlock && IMAGE_BUILD.test(l))
      out.push({ command: l.trim().replace(/^\$\s*/, ''), line: i + 1 });
  });
  return out;
}

/** "`k8s/app.yml` declares a `Service` `app` (type `NodePort`) and a `Deployment` `app` of the image `x`". */
function kubernetesSentence(a: Analysis, root: string): string | null {
  const manifests = a.files
    .filter(
      (f) => /\.ya?ml$/.test(f.path) && !/(^|\/)(?:\.github|\.gitlab|test|tests|examples?)\//.test(f.path),
    )
    .flatMap((f) => {
      let t = '';
      try {
        t = readFileSync(path.join(root, f.path), 'utf8');
      } catch {
        return [];
      }
      const objects = kubernetesObjects(t).filter((o) => o.kind !== 'Kustomization');
      return objects.length ? [{ path: f.path, objects }] : [];
    });
  if (!manifests.length) return null;
  const one = (o: KubeObject) =>
    `${/^[AEIOU]/.test(o.kind) ? 'an' : 'a'} ${code(o.kind)}${o.name ? ` ${code(o.name)}` : ''}${
      o.serviceType ? ` (type ${code(o.serviceType)})` : ''
    }${o.image ? ` running the image ${code(o.image)}` : ''}`;
  const told = manifests
    .slice(0, 4)
    .map((m) => `${cite(m.path, m.objects[0]!.line)} declares ${joinSome(m.objects.map(one), 4)}`);
  // a CI job that applies them to a cluster tests the deployment
  const applies = a.ci.find((c) => (c.commands ?? []).some((x) => /\bkubectl\s+apply\b/.test(x)));
  const applied = applies
    ? `; ${cite(applies.path)} applies them to a cluster (${code((applies.commands ?? []).find((x) => /\bkubectl\s+apply\b/.test(x))!)})`
    : '';
  return `Kubernetes manifests describe a deployment: ${told.join('; ')}${applied}.`;
}

export function writeBuildDeploy(ctx: WriterContext): string {
  const { a } = ctx;
  const parts: string[] = [];
  const scripts = a.entryPoints.filter((e) => e.kind === 'npm-script' && isProductScript(e));
  const make = a.entryPoints.filter((e) => e.kind === 'make-target' && isProductScript(e));
  const otherScripts = a.entryPoints.filter((e) => e.kind === 'npm-script' && !isProductScript(e));
  const otherMake = a.entryPoints.filter((e) => e.kind === 'make-target' && !isProductScript(e));
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
  if (wants(ctx, 'scripts') && scripts.length && otherScripts.length)
    parts.push(elsewhere(otherScripts, 'package script').trim());
  if (wants(ctx, 'scripts') && make.length) {
    const files = unique(make.map((m) => m.path));
    for (const file of files.slice(0, 3))
      parts.push(
        ...taskFileParts(
          a,
          file,
          make.filter((m) => m.path === file),
        ),
      );
    const rest = make.filter((m) => !files.slice(0, 3).includes(m.path));
    if (rest.length)
      parts.push(
        `${plural(files.length - 3, 'further task file')} (${joinSome(
          files.slice(3).map((p) => cite(p)),
          3,
        )}) ${agree(files.length - 3, 'offers', 'offer')} ${plural(rest.length, 'more target')}.`,
      );
    const other = elsewhere(
      otherMake,
      otherMake.every((m) => isJustfile(baseName(m.path)))
        ? 'just recipe'
        : otherMake.every((m) => isTaskfile(baseName(m.path)))
          ? 'Taskfile task'
          : 'make target',
    ).trim();
    if (other) parts.push(other);
  }
  // a product image's RUN steps or a shell script may run the build's own steps (collectstatic,
  // a stylesheet compiler): then the toolchain is not said to be used directly
  const ownSteps =
    a.containers.some((c) => c.kind === 'dockerfile' && !isDevContainer(c.path)) ||
    a.files.some((f) => f.role === 'product' && /\.(?:sh|bash)$/.test(f.path));
  if (wants(ctx, 'scripts') && !scripts.length && !make.length) {
    // a declared task runner (tox, nox) holds the project's tasks in its own configuration
    const runners = a.dependencies.filter(
      (d) => (d.area ?? 'product') === 'product' && packageInfo(d)?.role === 'task-runner',
    );
    const seen = new Set<string>();
    const named = runners.filter((d) => !seen.has(d.name) && (seen.add(d.name), true));
    // "scripts to rule them all": a root script/ or scripts/ folder of one script per task
    const tasks = a.files.filter((f) => TASK_SCRIPT.test(f.path));
    const dirs = unique(tasks.map((f) => f.path.slice(0, f.path.indexOf('/'))));
    parts.push(
      tasks.length >= 2
        ? `No package scripts, Makefile targets or justfile recipes were found; the project's tasks are scripts in ${joinAnd(
            dirs.map((d) => code(`${d}/`)),
          )}: ${joinSome(
            tasks.map((f) => code(baseName(f.path))),
            6,
          )}.`
        : named.length
          ? `No package scripts, Makefile targets or justfile recipes were found; the project's tasks run through ${joinSome(
              named.map((d) => `${text(packageInfo(d)!.display)} (${cite(d.manifest, d.line)})`),
              3,
            )}.`
          : `No package scripts, Makefile targets or justfile recipes were found${
              ownSteps ? '' : '; builds use the language toolchain directly'
            }.`,
    );
  }
  // a one-click deploy button in the README is how the project is shipped, containers or not
  const readme = a.docs.readme ?? a.files.find((x) => isReadme(x.path) && !x.path.includes('/'));
  let readmeText = '';
  try {
    readmeText = readme ? readFileSync(path.join(ctx.workspace.root, readme.path), 'utf8') : '';
  } catch {
    readmeText = '';
  }
  const buttons = readmeDeployButtons(readmeText);
  if (wants(ctx, 'containers') && buttons.length)
    parts.push(
      `The README deploys it with a one-click button to ${joinAnd(
        buttons.map((b) => `${text(b.platform)} (${cite(readme!.path, b.line)})`),
      )}.`,
    );
  // an image the build tool makes (`spring-boot:build-image`), as the README runs it
  const imageBuilds = wants(ctx, 'containers') ? readmeImageBuilds(readmeText).slice(0, 2) : [];
  const productDockerfile = a.containers.some((c) => c.kind === 'dockerfile' && !isDevContainer(c.path));
  if (imageBuilds.length)
    parts.push(
      `The README builds a container image with ${joinAnd(
        imageBuilds.map((b) => `${code(b.command)} (${cite(readme!.path, b.line)})`),
      )}${productDockerfile ? '' : ', which needs no Dockerfile of the project'}.`,
    );
  const kube = wants(ctx, 'containers') ? kubernetesSentence(a, ctx.workspace.root) : null;
  if (kube) parts.push(kube);
  if (!wants(ctx, 'containers')) {
    // not this section's aspect
  } else if (a.containers.length) {
    parts.push(
      table(
        ['Container file', 'Kind', 'Base images', 'Ports', 'Services'],
        a.containers.map((c) => [
          cite(c.path),
          containerKind(c),
          c.baseImages.map(code).join(', ') || '—',
          c.exposedPorts.map(text).join(', ') || '—',
          c.services?.map(code).join(', ') || '—',
        ]),
      ),
    );
    // stages exist only in a Dockerfile; a compose file that names several images runs several services
    const multi = a.containers.filter(
      (c) => c.kind === 'dockerfile' && c.baseImages.length > 1 && !isDevContainer(c.path),
    );
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
  } else if (!imageBuilds.length && !kube)
    parts.push(
      // a package reaches its users through a registry: no image is expected of it
      isPackageKind(a)
        ? 'There is no Dockerfile or compose file: as a package, it reaches its users through their package manager, not as a container image.'
        : 'There is no Dockerfile or compose file, so the project ships no container image.',
    );
  if (!wants(ctx, 'ci')) {
    // not this section's aspect
  } else if (a.ci.length) {
    const unhosted = sentence(
      ' No hosted CI configuration (GitHub Actions, GitLab CI…) was found',
      ', so which host runs the script is not recorded in the repository',
    );
    parts.push(
      `Continuous integration: ${joinSome(ciByWeight(a).map(ciRun), 4)}.${when(a.ci.every(isScript), unhosted)}`,
    );
  } else
    parts.push(
      sentence(
        'No CI workflow (GitHub Actions, GitLab CI, CircleCI, Jenkins…) was found',
        ': nothing builds or tests a change before it is merged',
      ),
    );
  // documentation pages the product serves but generates with its own command are a build step
  const docs = wants(ctx, 'scripts')
    ? docsPipelineSentence(a, ctx.workspace, new Set(ctx.fx.productFiles.map((x) => x.path)))
    : null;
  if (docs) parts.push(docs);
  const releases = releaseSteps(a);
  if (wants(ctx, 'scripts') && releases.length) parts.push(`Release steps: ${joinSome(releases, 4)}.`);
  const registries = publishedTo(a);
  if (wants(ctx, 'scripts') && registries) parts.push(registries);
  return paragraphs(...parts);
}

/**
 * In words, where the release workflows put the package: "Releases are published to npm as `hono`
 * (`package.json:2`) and to JSR as `@hono/hono` (`jsr.json:2`), from `release.yml`."
 */
export function publishedTo(a: Analysis): string | undefined {
  const from = a.ci.filter((c) => c.publishes && c.registries?.length);
  const seen = new Set<string>();
  const each: string[] = [];
  for (const c of from)
    for (const r of c.registries!) {
      if (seen.has(r.registry)) continue;
      seen.add(r.registry);
      each.push(
        `to ${r.registry}${r.name ? ` as ${code(r.name)}${r.path ? ` (${cite(r.path, r.line)})` : ''}` : ''}`,
      );
    }
  if (!each.length) return undefined;
  return `Releases are published ${joinAnd(each)}, from ${joinAnd(from.map((c) => cite(c.path)))}.`;
}

/**
 * The product's scripts named for a release, and the CI workflows that publish (a package, an image,
 * a GitHub release, a tag). A workflow is judged by what its steps do, not by its name: one that deploys
 * to a throw-away test cluster releases nothing, and one named "CICD" may publish the binaries.
 */
export function releaseSteps(a: Analysis): string[] {
  const scripts = a.entryPoints
    .filter((e) => isProductScript(e) && /release|publish|deploy/i.test(e.name))
    .map((e) => `${code(e.name)} at ${cite(e.path, e.line)}`);
  const workflows = a.ci
    .filter((c) => c.publishes)
    .map((c) => {
      const named = a.entryPoints.find((e) => e.kind === 'ci-workflow' && e.path === c.path)?.name;
      return named && named !== c.path ? `${text(named)} (${cite(c.path)})` : cite(c.path);
    });
  return [...workflows, ...scripts];
}

/** A repository script that CI calls, as opposed to a hosted provider's configuration. */
function isScript(c: CiInfo): boolean {
  return c.provider === 'CI script';
}

/** "GitHub Actions in `ci.yml` with 2 jobs (`test` and `lint`)"; a script counts steps, not jobs. */
// workflows that tend the issue tracker rather than the code: closing, locking, labelling, greeting
const HOUSEKEEPING =
  /(?:^|[-_/. ])(?:lock|close|stale|label(?:er)?|no-?response|welcome|greet(?:ings)?|triage|issue|issues|discussions?)(?:[-_. ]|$)/i;

/**
 * The CI workflows in the order a reader wants them: those that run the tests first, then the other
 * checks, then releases, then the rest, with the issue and thread bots last; file order within each.
 */
export function ciByWeight(a: Analysis): CiInfo[] {
  const weight = (c: CiInfo): number => {
    const name = `${baseName(c.path)} ${c.jobs.join(' ')}`;
    if (HOUSEKEEPING.test(baseName(c.path).replace(/\.ya?ml$/, ''))) return 4;
    const checks = c.commands ? ciCheckCommands(a, c.commands) : [];
    if (checks.length && (/test|spec|coverage/i.test(name) || checks.some((x) => /test/i.test(x)))) return 0;
    if (checks.length) return 1;
    if (c.publishes) return 2;
    return 3;
  };
  return a.ci
    .map((c, i) => ({ c, i, w: weight(c) }))
    .sort((x, y) => x.w - y.w || x.i - y.i)
    .map((x) => x.c);
}

function ciRun(c: CiInfo): string {
  const who = isScript(c) ? 'the CI script' : text(c.provider);
  const unit = isScript(c) ? 'step' : 'job';
  // a CircleCI workflow's matrix runs a job once per combination: "`test` run 3 times over its matrix"
  const runs = (job: string) => c.jobRuns?.find((j) => j.job === job)?.runs ?? 0;
  const name = (job: string) =>
    `${code(job)}${when(runs(job) > 1, ` run ${num(runs(job))} times over its matrix`)}`;
  const jobs = when(c.jobs.length, ` with ${plural(c.jobs.length, unit)} (${joinSome(c.jobs.map(name), 5)})`);
  return `${who} in ${cite(c.path)}${jobs}`;
}

/**
 * ", `test` running 3 times over its matrix": a CircleCI workflow's `matrix: parameters:` runs the
 * job once per combination, so one job is more than one run.
 */
function matrixRuns(ci: CiInfo[]): string {
  const runs = ci.flatMap((c) => (c.jobRuns ?? []).filter((j) => (j.runs ?? 0) > 1));
  return when(
    runs.length,
    `, ${joinSome(
      runs.map((j) => `${code(j.job)} running ${num(j.runs!)} times`),
      3,
    )} over ${agree(runs.length, 'its matrix', 'their matrices')}`,
  );
}
