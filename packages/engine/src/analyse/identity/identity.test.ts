import { describe, expect, it } from 'vitest';
import { dependenciesPass } from '../dependencies.ts';
import { languagesPass } from '../languages.ts';
import { buildResolveContext, moduleGraphPass } from '../module-graph.ts';
import { routesPass } from '../routes.ts';
import { sourcesFromMap } from '../sources.ts';
import { symbolsPass } from '../symbols.ts';
import type { Identity } from '../types.ts';
import { identityPass } from './index.ts';
import { jsExports, rustCliFlags } from './surface.ts';

/** Runs the passes the identity layer needs over an in-memory tree. */
function identityOf(
  files: Record<string, string>,
  skipped: string[] = [],
): Identity & { manifestName?: string } {
  const src = sourcesFromMap(files);
  const lang = languagesPass(src);
  const deps = dependenciesPass(src);
  const sym = symbolsPass(src, lang.files);
  const ctx = buildResolveContext(src, deps.manifests);
  moduleGraphPass(lang.files, sym.imports, ctx);
  const routes = routesPass(src, lang.files, sym.imports, ctx);
  const r = identityPass({
    src,
    files: lang.files,
    dependencies: deps.dependencies,
    symbols: sym.symbols,
    imports: sym.imports,
    routes,
    dataModel: [],
    skipped,
  });
  return { ...r.identity, ...(r.manifestName ? { manifestName: r.manifestName } : {}) };
}

const names = (id: Identity) => id.publicApi.map((a) => a.name);

describe('kind per ecosystem', () => {
  it('npm: main/exports make a library, a framework when it says so; bin makes a CLI; workspaces a monorepo', () => {
    const lib = identityOf({
      'package.json':
        '{ "name": "koi", "description": "Koi web app framework", "main": "lib/app.js", "files": ["dist", "lib"] }',
      'lib/app.js': 'module.exports = class App {\n  use(fn) {\n    return this;\n  }\n};\n',
    });
    expect(lib.kind).toBe('framework');
    expect(lib.kinds).toContain('library');
    expect(lib.manifestName).toBe('koi');
    const cli = identityOf({
      'package.json': '{ "name": "tool", "bin": { "tool": "./bin/tool.js" } }',
      'bin/tool.js': '#!/usr/bin/env node\nconsole.log(1);\n',
    });
    expect(cli.kind).toBe('cli');
    expect(cli.entryPoints[0]).toMatchObject({ path: 'bin/tool.js', how: 'bin "tool" in package.json' });
    const mono = identityOf({
      'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*"] }',
      'packages/a/package.json': '{ "name": "a" }',
      'packages/a/index.js': 'module.exports = 1;\n',
    });
    expect(mono.kind).toBe('monorepo');
    expect(mono.productPaths).toEqual(['packages/a']);
  });

  it('Python: a package without console scripts is a library; [project.scripts] make a CLI', () => {
    const lib = identityOf({
      'pyproject.toml':
        '[project]\nname = "clack"\ndescription = "Composable command line interface toolkit"\n\n[tool.flit.module]\nname = "clack"\n',
      'src/clack/__init__.py':
        'from .core import Command as Command\nfrom .decorators import (\n    command,\n    option,\n)\n',
      'src/clack/core.py': 'class Command:\n    pass\n',
      'src/clack/decorators.py':
        'from .core import Command\n\ndef command():\n    return Command()\n\ndef option():\n    pass\n',
      'tests/test_core.py': 'def test_x():\n    pass\n',
    });
    expect(lib.kind).toBe('library');
    expect(lib.productPaths).toEqual(['src/clack']);
    expect(lib.entryPoints[0]!.path).toBe('src/clack/__init__.py');
    expect(names(lib)).toEqual(['Command', 'command', 'option']);
    const cli = identityOf({
      'pyproject.toml': '[project]\nname = "tidy"\n\n[project.scripts]\ntidy = "tidy.main:run"\n',
      'tidy/__init__.py': '',
      'tidy/main.py': 'import argparse\n\ndef run():\n    pass\n',
    });
    expect(cli.kind).toBe('cli');
    expect(cli.entryPoints[0]).toMatchObject({ path: 'tidy/main.py', line: 3 });
    expect(names(cli)).toContain('tidy');
  });

  it('Rust: a [[bin]] with clap is a CLI whose flags are its API; the single binary names the project', () => {
    const id = identityOf({
      'Cargo.toml':
        '[package]\nname = "fd-find"\ndescription = "A simple alternative to find."\n\n[[bin]]\nname = "fd"\npath = "src/main.rs"\n\n[dependencies]\nclap = "4"\n',
      'src/main.rs': 'mod cli;\nfn main() {\n    let o = cli::Opts::parse();\n}\n',
      'src/cli.rs':
        '#[derive(Parser)]\npub struct Opts {\n    /// Search hidden files\n    #[arg(long, short = \'H\')]\n    pub hidden: bool,\n    #[arg(long = "max-depth")]\n    pub depth: usize,\n}\n',
      'tests/tests.rs': '#[test]\nfn t() {}\n',
    });
    expect(id.kind).toBe('cli');
    expect(id.manifestName).toBe('fd');
    expect(id.entryPoints[0]).toMatchObject({ path: 'src/main.rs', line: 2 });
    expect(names(id)).toEqual(['--hidden', '--max-depth']);
    expect(id.nonProduct).toContainEqual({ path: 'tests', role: 'tests' });
  });

  it('Go: package main makes an executable, library packages a library with exported identifiers as API', () => {
    const lib = identityOf(
      {
        'go.mod': 'module github.com/acme/snake\n',
        'snake.go': '// Package snake builds command trees.\npackage snake\n\nfunc OnInit() {}\n',
        'command.go':
          'package snake\n\ntype Command struct{}\n\nfunc (c *Command) Execute() error { return nil }\nfunc helper() {}\n',
        'command_test.go': 'package snake\n\nfunc TestX(t *testing.T) {}\n',
        'site/content/guide.md': '# Guide\n',
      },
      ['assets/logo.png'],
    );
    expect(lib.kind).toBe('library');
    expect(lib.manifestName).toBe('snake');
    expect(lib.entryPoints.map((e) => e.path)).toContain('snake.go');
    expect(names(lib).sort()).toEqual(['Command', 'Execute', 'OnInit']);
    expect(lib.productPaths.sort()).toEqual(['command.go', 'snake.go']);
    expect(lib.nonProduct).toEqual(
      expect.arrayContaining([
        { path: 'site', role: 'docs' },
        { path: 'assets', role: 'docs' },
      ]),
    );
    const app = identityOf({
      'go.mod': 'module example.com/srv\n',
      'cmd/srv/main.go': 'package main\n\nfunc main() {}\n',
    });
    expect(app.kind).toBe('application');
    expect(app.entryPoints[0]).toMatchObject({ path: 'cmd/srv/main.go', line: 3 });
  });

  it('Java: a @SpringBootApplication class makes a web application whose routes are its API', () => {
    const base = 'src/main/java/com/acme/pets';
    const id = identityOf({
      'pom.xml':
        '<project><parent><artifactId>spring-boot-starter-parent</artifactId></parent><artifactId>pet-shop</artifactId></project>',
      [`${base}/PetApp.java`]:
        'package com.acme.pets;\n\n@SpringBootApplication\npublic class PetApp {\n  public static void main(String[] a) {}\n}\n',
      [`${base}/PetController.java`]:
        'package com.acme.pets;\n\n@Controller\n@RequestMapping("/owners/{ownerId}")\nclass PetController {\n  @GetMapping("/pets/new")\n  String form() { return "x"; }\n}\n',
      'src/test/java/com/acme/pets/PetTests.java': 'class PetTests {}\n',
      'k8s/app.yml': 'kind: Deployment\n',
    });
    expect(id.kind).toBe('application');
    expect(id.kinds).toContain('web-application');
    expect(id.manifestName).toBe('pet-shop');
    expect(id.entryPoints).toEqual([
      { path: `${base}/PetApp.java`, line: 3, how: 'Spring Boot application class (@SpringBootApplication)' },
    ]);
    expect(names(id)).toEqual(['/owners/{ownerId}/pets/new']);
    expect(id.productPaths).toEqual(['src/main/java']);
    expect(id.nonProduct).toEqual(
      expect.arrayContaining([
        { path: 'src/test', role: 'tests' },
        { path: 'k8s', role: 'deployment' },
      ]),
    );
  });
});

describe('product vs the rest', () => {
  it("an example app's routes and entry points are not the product's", () => {
    const id = identityOf({
      'package.json': '{ "name": "router-kit", "main": "index.js" }',
      'index.js': 'exports.route = function route() {};\n',
      'examples/app/server.js':
        "const express = require('express');\nconst app = express();\napp.get('/users', list);\n",
      'benchmarks/run.js': 'console.log(1);\n',
      'docs/guide.md': '# Guide\n',
    });
    expect(id.kind).toBe('library');
    expect(id.publicApi.map((a) => a.name)).toEqual(['route']);
    expect(id.entryPoints.map((e) => e.path)).toEqual(['index.js']);
    expect(id.nonProduct).toEqual(
      expect.arrayContaining([
        { path: 'examples', role: 'examples' },
        { path: 'benchmarks', role: 'benchmarks' },
        { path: 'docs', role: 'docs' },
      ]),
    );
    expect(id.keyComponents.map((k) => k.path)).toEqual(['index.js']);
  });

  it('root tool configuration is build code, not product', () => {
    const id = identityOf({
      'package.json': '{ "name": "pdfy", "main": "src/index.js" }',
      'src/index.js': 'export function render() {}\n',
      'rollup.config.mjs': "import x from './src/index.js';\nexport default {};\n",
    });
    expect(id.nonProduct).toContainEqual({ path: 'rollup.config.mjs', role: 'build' });
    expect(id.productPaths).toEqual(['src']);
  });

  it('a docs folder that holds a package of code is product, not documentation', () => {
    const id = identityOf({
      'go.mod': 'module example.com/lib\n',
      'lib.go': 'package lib\n',
      'doc/gen.go': 'package doc\n\nfunc GenMan() {}\n',
      'doc/README.md': '# doc\n',
    });
    expect(id.nonProduct.find((n) => n.path === 'doc')).toBeUndefined();
    expect(id.productPaths).toContain('doc');
  });
});

describe('product reached from the entry points', () => {
  it('ships the folders the package entry requires, and follows a re-exporting entry to its API', () => {
    const id = identityOf({
      'package.json':
        '{ "name": "vali", "main": "index.js", "files": ["index.js", ".tonic_example.js", "README.md"] }',
      'index.js': "module.exports = require('./lib/vali.js');\n",
      'lib/vali.js':
        "const util = require('./util');\nfunction Vali() {}\nVali.prototype.compile = compile;\nmodule.exports = Vali;\n",
      'lib/util.js': 'exports.copy = function copy() {};\n',
      '.tonic_example.js': "const Vali = require('vali');\n",
      'README.md': '# vali\n',
    });
    expect(id.productPaths.sort()).toEqual(['index.js', 'lib']);
    expect(id.nonProduct).toContainEqual({ path: '.tonic_example.js', role: 'examples' });
    expect(names(id)).toEqual(['Vali', 'compile']);
  });

  it('enters a monorepo through its workspace packages', () => {
    const id = identityOf({
      'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*"] }',
      'packages/core/package.json': '{ "name": "@x/core", "exports": { ".": "./src/index.ts" } }',
      'packages/core/src/index.ts': 'export function start() {}\n',
      'packages/cli/package.json': '{ "name": "@x/cli", "bin": { "x": "./bin/x.js" } }',
      'packages/cli/bin/x.js': '#!/usr/bin/env node\n',
    });
    expect(id.entryPoints.map((e) => e.path).sort()).toEqual([
      'packages/cli/bin/x.js',
      'packages/core/src/index.ts',
    ]);
  });
});

describe('public API extraction', () => {
  it('reads a JS entry: module.exports class methods and members, not private or keyword names', () => {
    const api = jsExports(
      'lib/app.js',
      'module.exports = class App extends Emitter {\n  listen(...args) {\n    if (x) {\n    }\n  }\n  get current() {\n    return 1;\n  }\n  _private() {}\n};\nmodule.exports.HttpError = HttpError;\n',
    );
    expect(api.map((a) => `${a.name}:${a.kind}:${a.line}`)).toEqual([
      'App:class:1',
      'HttpError:export:11',
      'listen:method:2',
      'current:method:6',
    ]);
  });

  it("reads a Rust CLI's builder flags as well as derive flags", () => {
    const api = rustCliFlags(
      'src/cli.rs',
      'cmd.arg(Arg::new("exec")\n    .long("exec")\n    .short(\'x\'));\n',
    );
    expect(api).toEqual([{ name: '--exec', kind: 'flag', path: 'src/cli.rs', line: 2 }]);
  });
});

describe('other layouts', () => {
  it('a Cargo workspace is a monorepo entered through its member crates', () => {
    const id = identityOf({
      'Cargo.toml': '[workspace]\nmembers = ["crates/core", "crates/cli"]\n',
      'crates/core/Cargo.toml': '[package]\nname = "core"\n',
      'crates/core/src/lib.rs': 'pub fn parse() {}\npub(crate) fn hidden() {}\n',
      'crates/cli/Cargo.toml': '[package]\nname = "cli"\n',
      'crates/cli/src/main.rs': 'fn main() {}\n',
    });
    expect(id.kind).toBe('monorepo');
    expect(id.entryPoints.map((e) => e.path).sort()).toEqual([
      'crates/cli/src/main.rs',
      'crates/core/src/lib.rs',
    ]);
    expect(names(id)).toEqual(['parse']);
  });

  it("a plain Java library's API is its public types", () => {
    const id = identityOf({
      'pom.xml': '<project><artifactId>shapes</artifactId><packaging>jar</packaging></project>',
      'src/main/java/com/acme/Circle.java': 'package com.acme;\npublic class Circle {}\n',
      'src/main/java/com/acme/internal/Cache.java': 'package com.acme.internal;\npublic class Cache {}\n',
    });
    expect(id.kind).toBe('library');
    expect(names(id)).toEqual(['Circle']);
  });
});

describe('a web server published to npm', () => {
  it('is an application: "main" pointing into dist/ is the src/ entry, and its routes are the API', () => {
    const id = identityOf({
      'package.json':
        '{ "name": "shelf-api", "main": "dist/server.js", "dependencies": { "express": "4.19.2", "pg": "8.11.3" } }',
      'src/server.ts': "import { app } from './app.js';\napp.listen(3000);\n",
      'src/app.ts':
        "import express from 'express';\nexport const app = express();\napp.get('/books', list);\n",
    });
    expect(id.kind).toBe('application');
    expect(id.kinds).not.toContain('library');
    expect(id.productPaths).toEqual(['src']);
    expect(id.entryPoints[0]).toMatchObject({ path: 'src/server.ts' });
    expect(names(id)).toEqual(['/books']);
  });
});

describe('projects without a package manifest', () => {
  it('a Python script with argparse and a __main__ guard is a CLI started there', () => {
    const id = identityOf({
      'rename.py': 'import argparse\n\ndef main():\n    pass\n\nif __name__ == "__main__":\n    main()\n',
      'README.md': '# rename\n\nRename is a tool that renames files in bulk.\n',
    });
    expect(id.kind).toBe('cli');
    expect(id.entryPoints).toEqual([
      { path: 'rename.py', line: 6, how: 'script (if __name__ == "__main__")' },
    ]);
    expect(id.purpose?.text).toBe('Rename is a tool that renames files in bulk.');
  });

  it('a C program is an application entered at main()', () => {
    const id = identityOf({
      'src/main.c': '#include <stdio.h>\n\nint main(void) {\n  return 0;\n}\n',
      'src/util.c': 'int add(int a, int b) { return a + b; }\n',
    });
    expect(id.kind).toBe('application');
    expect(id.entryPoints).toEqual([{ path: 'src/main.c', line: 3, how: 'main()' }]);
    expect(id.productPaths).toEqual(['src']);
  });
});

describe('other ecosystems', () => {
  it('reads what composer, gemspecs, Rails and .NET project files say the project is', () => {
    expect(
      identityOf({
        'composer.json': '{ "name": "acme/mailer", "type": "library" }',
        'src/Mailer.php': '<?php\nclass Mailer {}\n',
      }),
    ).toMatchObject({ kind: 'library', manifestName: 'mailer' });
    expect(
      identityOf({
        'composer.json': '{ "name": "acme/shop", "type": "project" }',
        'src/Kernel.php': '<?php\nclass Kernel {}\n',
      }).kind,
    ).toBe('application');
    expect(
      identityOf({
        Gemfile: "gem 'rails'\n",
        'config/routes.rb': 'Rails.application.routes.draw do\nend\n',
        'config/application.rb': 'module Shop; end\n',
        'app/models/order.rb': 'class Order; end\n',
      }),
    ).toMatchObject({ kind: 'application', kinds: ['web-application'] });
    expect(
      identityOf({
        'Api.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>',
        'Program.cs': 'var app = WebApplication.Create();\n',
      }).kinds,
    ).toContain('web-application');
    expect(
      identityOf({
        'Tool.csproj':
          '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><OutputType>Exe</OutputType></PropertyGroup></Project>',
        'Program.cs': 'class P { static void Main() {} }\n',
      }).kind,
    ).toBe('application');
  });
});
