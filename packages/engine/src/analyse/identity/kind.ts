// What kind of project this is, strongest signal first: workspaces make a monorepo; npm bin, Python
// console scripts, Cargo binaries and Go `package main` make a CLI or an application; exports,
// packages and library crates make a library (a framework when it says so); a Spring Boot class or
// routes over a database make a web application.

import type { Dependency, Identity, ProjectKind } from '../types.ts';
import type { ManifestFacts } from './manifest-facts.ts';

export interface KindSignals {
  facts: ManifestFacts;
  purpose: string;
  /** Product files that declare `package main` with a main function (Go). */
  goMains: number;
  /** Product files holding a Go library package (not main). */
  goLibraries: number;
  springBoot: boolean;
  /** A web app object or factory, Django's manage.py… in product code. */
  webApp: boolean;
  productRoutes: number;
  database: boolean;
  dependencies: Dependency[];
  hasPythonPackage: boolean;
  hasLibRs: boolean;
  /** The lib.rs shows one public item at most, the rest hidden from docs or test-only: the binary's core. */
  libForBinary?: boolean;
  /** A Cargo binary target: [[bin]], src/main.rs or src/bin/. */
  cargoBin: boolean;
  /** Product scripts started directly: Python `__main__` guards, C/C++ main(). */
  scriptMains: number;
  /** Product code parses command-line arguments itself (argparse, getopt, the flag package…). */
  parsesArgs: boolean;
  /**
   * Every npm `bin` script is a stub that only prints a message and exits with an error (`pino`'s
   * "cli has been removed"): the package installs no working command.
   */
  binStubs?: boolean;
  /**
   * The Maven modules or Gradle sub-projects that are product, not tests, benchmarks or modules the
   * build does not publish; all the root lists when not given.
   */
  productModules?: string[];
}

const CLI_PARSERS =
  /^(clap|structopt|argh|pico-args|lexopt|gumdrop|commander|yargs|meow|cac|oclif|@oclif\/core|citty|click|typer|argparse|fire|docopt|github\.com\/spf13\/cobra|github\.com\/urfave\/cli(\/v\d)?|github\.com\/alecthomas\/kong|picocli|info\.picocli:picocli)$/;
const BUILD_TOOL =
  /\b(build (tool|system)|bundler|task runner|compiler toolchain|monorepo tool|build orchestrat)/i;

// a package for writing web applications is a web framework, whatever it calls itself ("Sinatra is a
// DSL for quickly creating web applications", "a toolkit for building web apps"): the applications
// are written in it and it calls their code
const WEB_APP_MAKER =
  /\b(?:for|to)\s+(?:\w+\s+)?(?:creat|build|writ|mak|develop)\w*\s+(?:\w+\s+)?web\s+(?:applications?|apps?)\b/i;

/** The crates a Cargo workspace publishes: the root package and its published members. */
function cargoCrates(facts: ManifestFacts): number {
  const c = facts.cargo;
  if (!c) return 0;
  const members = c.memberDirs.filter((d) => d !== '.' && !c.unpublished.includes(d)).length;
  return members + (c.rootPackage ? 1 : 0);
}

/**
 * Whether a lib.rs offers at most one public item (`pub use run::run`) once those marked
 * `#[doc(hidden)]` or `#[cfg(test)]` are set aside: a library kept for its binary and its tests.
 */
export function libServesBinary(libRs: string): boolean {
  const lines = libRs.split('\n');
  let visible = 0;
  let hidden = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (/^#\[(?:doc\(hidden\)|cfg\(test\))\]/.test(line)) hidden = true;
    else if (line.startsWith('#[') || line.startsWith('//') || !line) continue;
    else {
      if (/^pub\s/.test(raw) && !hidden) visible++;
      hidden = false;
    }
  }
  return visible <= 1;
}

// the purpose's own subject says what it is: "X is a library for …", "A Python toolkit that …"
const SAYS_LIBRARY =
  /^(?:[\w.@/-]+\s+(?:is|are)\s+)?(?:a|an|the)\s+(?:[\w-]+,?\s+){0,4}?(?:library|framework|package|module|sdk|toolkit)\b/i;

/**
 * An npm `bin` script that only prints a message and exits with an error, importing nothing: the
 * command it once installed was removed (`console.error('`pino` cli has been removed…'); process.exit(1)`).
 */
export function isBinStub(text: string): boolean {
  const code = text
    .replace(/^#!.*\n/, '')
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .trim();
  const lines = code.split('\n').filter((l) => l.trim()).length;
  return (
    lines > 0 &&
    lines <= 12 &&
    !/\brequire\s*\(|\bimport\b/.test(code) &&
    /\bprocess\.exit\(\s*[1-9]\d*\s*\)|process\.exitCode\s*=\s*[1-9]/.test(code)
  );
}

export function detectKind(s: KindSignals): Pick<Identity, 'kind' | 'kinds'> {
  const kinds: ProjectKind[] = [];
  const add = (k: ProjectKind) => {
    if (!kinds.includes(k)) kinds.push(k);
  };
  const { facts } = s;
  const pkg = facts.npm?.pkg;
  // one published module beside its tests and benchmarks is one product, not a monorepo
  const mavenModules = s.productModules ?? [
    ...(facts.maven?.modules ?? []),
    ...(facts.gradleProjects?.modules ?? []),
  ];
  const workspaces = !!pkg?.workspaces || cargoCrates(facts) > 1 || mavenModules.length > 1;
  const cliParser =
    s.parsesArgs ||
    s.dependencies.some((d) => d.scope !== 'dev' && d.scope !== 'test' && CLI_PARSERS.test(d.name));
  const libraryFrameworkWords = /\bframework\b/i.test(s.purpose) || WEB_APP_MAKER.test(s.purpose);

  const webApplication = s.springBoot || (s.webApp && (s.productRoutes > 0 || s.database));
  if (workspaces) add('monorepo');
  if (BUILD_TOOL.test(s.purpose)) add('build-tool');
  if (webApplication) {
    add('application');
    add('web-application');
  }
  const npmBin = !!pkg?.bin && !s.binStubs;
  // a server's "main" says how to start it, not that it is a library; exports and types do say so,
  // even in a manifest marked private: a package whose build publishes a copy of it (the copy in
  // dist/ made public) or that other workspaces import keeps its root manifest private
  const npmLib =
    !!pkg &&
    (pkg.exports !== undefined ||
      pkg.types !== undefined ||
      // "files" lists what a published package ships; Node resolves its index.js without a "main"
      (pkg.private !== true &&
        (pkg.main !== undefined || pkg.module !== undefined || pkg.files !== undefined) &&
        !webApplication));
  // a workspace root is private because it is a root, not because it is an application
  const npmApp = !!pkg && pkg.private === true && !npmBin && !npmLib && !pkg.workspaces;
  const cargoCliCategory = !!facts.cargo?.categories.includes('command-line-utilities');
  // a binary crate may keep its code in a lib.rs its tests share; its category says it is a command
  const cargoCommand =
    !!facts.cargo &&
    (((s.cargoBin || cargoCliCategory) && !s.hasLibRs) ||
      (s.cargoBin && (cargoCliCategory || !!s.libForBinary)));
  if (npmBin || facts.pyScripts.length || cargoCommand || (s.goMains > 0 && !s.goLibraries)) {
    add(cliParser || npmBin || facts.pyScripts.length || cargoCliCategory ? 'cli' : 'application');
  }
  if (
    npmLib ||
    (s.hasPythonPackage && !facts.pyScripts.length && !facts.django) ||
    (s.hasLibRs && !(s.cargoBin && s.libForBinary)) ||
    (facts.goModule && s.goLibraries > 0 && !s.goMains)
  ) {
    add(libraryFrameworkWords ? 'framework' : 'library');
    if (libraryFrameworkWords) add('library');
  }
  // a Python package with a console script is still what its purpose calls it: Flask's `flask`
  // command serves the framework
  if (facts.pyScripts.length && s.hasPythonPackage) {
    add(libraryFrameworkWords ? 'framework' : 'library');
    add('library');
  }
  for (const d of facts.declared) {
    if (d.kind === 'web-application') {
      add('application');
      add('web-application');
    } else if (d.kind === 'library') add(libraryFrameworkWords ? 'framework' : 'library');
    else add(d.kind);
  }
  // a multi-module Maven or Gradle build with no main class nor Spring Boot application among its
  // modules publishes jars for others to call: libraries, whose modules are only the layout
  const jvmBuild = !!facts.maven || facts.gradle;
  if (jvmBuild && kinds.every((k) => k === 'monorepo') && !s.springBoot && !s.scriptMains && !s.productRoutes)
    add(libraryFrameworkWords ? 'framework' : 'library');
  if (npmApp || (s.webApp && !kinds.length) || (s.productRoutes > 0 && !kinds.length)) add('application');
  if (s.goMains > 0 && s.goLibraries > 0) add(cliParser ? 'cli' : 'application');
  if (!kinds.length && s.scriptMains > 0) add(cliParser ? 'cli' : 'application');
  if (!kinds.length)
    add(s.productRoutes > 0 ? 'application' : libraryFrameworkWords ? 'framework' : 'library');
  // the primary kind: a web application or CLI before the library it may also be
  // "monorepo" describes the layout: it is the kind only when nothing else is known
  const order: ProjectKind[] = [
    'build-tool',
    'application',
    'cli',
    'framework',
    'library',
    'web-application',
    'service',
    'plugin',
    'monorepo',
  ];
  // a package that is both a library and a command: what it says it is decides which comes first
  // ("Typer is a library for building CLI applications" is a library, whatever it builds)
  if (
    SAYS_LIBRARY.test(s.purpose) ||
    (/\b(library|framework|package|module|sdk|parser|toolkit)\b/i.test(s.purpose) &&
      !/\b(command[- ]line|cli|terminal)\s+(tool|utility|program|app)|\b(program|tool|utility)\b/i.test(
        s.purpose,
      ))
  ) {
    order.splice(order.indexOf('cli'), 1);
    order.splice(order.indexOf('library') + 1, 0, 'cli');
  }
  const sorted = [...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { kind: sorted[0]!, kinds: sorted.slice(1) };
}
