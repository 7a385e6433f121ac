import { describe, expect, it } from 'vitest';
import { dependenciesPass } from '../dependencies.ts';
import { languagesPass } from '../languages.ts';
import { buildResolveContext, moduleGraphPass } from '../module-graph.ts';
import { routesPass } from '../routes.ts';
import { sourcesFromMap } from '../sources.ts';
import { symbolsPass } from '../symbols.ts';
import type { Identity } from '../types.ts';
import { generatedFiles } from './generated.ts';
import { identityPass } from './index.ts';
import { jsExports } from './surface.ts';

/** Runs the passes the identity layer needs over an in-memory tree. */
function identityOf(
  files: Record<string, string>,
  skipped: string[] = [],
  withGenerated = false,
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
    ...(withGenerated ? { generated: generatedFiles(src) } : {}),
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
    // a bin script that only says the command was removed and exits with an error installs none
    const stub = identityOf({
      'package.json': '{ "name": "logr", "main": "logr.js", "bin": { "logr": "./bin.js" } }',
      'logr.js': 'module.exports = function logr () {}\n',
      'bin.js': "#!/usr/bin/env node\nconsole.error('`logr` cli has been removed.')\nprocess.exit(1)\n",
    });
    expect(stub.kind).toBe('library');
    expect(stub.kinds).not.toContain('cli');
    // a package whose purpose calls it a library is one first, whatever it builds
    const maker = identityOf({
      'pyproject.toml':
        '[project]\nname = "clik"\ndescription = "Clik is a library for building CLI applications."\n[project.scripts]\nclik = "clik.cli:main"\n',
      'clik/__init__.py': 'from .main import App\n',
      'clik/main.py': 'class App:\n    pass\n',
      'clik/cli.py': 'def main():\n    pass\n',
    });
    expect(maker.kind).toBe('library');
    expect(maker.kinds).toContain('cli');
    const mono = identityOf({
      'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*"] }',
      'packages/a/package.json': '{ "name": "a" }',
      'packages/a/index.js': 'module.exports = 1;\n',
    });
    expect(mono.kind).toBe('monorepo');
    expect(mono.productPaths).toEqual(['packages/a']);
  });

  it('a framework calling its own factory (docs, comments, wrappers) is not an application; a package\'s "files" publish it', () => {
    const express = identityOf({
      'package.json':
        '{ "name": "expresso", "description": "Minimalist web framework", "files": ["index.js", "lib/"], "dependencies": { "router": "^2.0.0" } }',
      'index.js': "module.exports = require('./lib/expresso');\n",
      'lib/expresso.js':
        '/**\n * Usage:\n *   var app = express();\n */\nexports = module.exports = function createApplication() {\n  return {};\n};\n',
    });
    expect(express.kind).toBe('framework');
    const gin = identityOf({
      'go.mod': 'module github.com/acme/gin\n\ngo 1.21\n\nrequire go.mongodb.org/mongo-driver/v2 v2.5.0\n',
      'gin.go':
        'package gin\n\n// Default returns an Engine.\n//\n//\tr := gin.Default()\nfunc Default() *Engine { return New() }\n\ntype Engine struct{}\n\nfunc New() *Engine { return &Engine{} }\n',
      'ginS/gins.go':
        'package ginS\n\nimport "github.com/acme/gin"\n\nfunc engine() *gin.Engine {\n\treturn gin.Default()\n}\n',
      'README.md': '# Gin\n\nGin is a HTTP web framework written in Go.\n',
    });
    expect(gin.kind).toBe('framework');
    // an application of another framework still is one
    const app = identityOf({
      'go.mod': 'module example.com/shop\n\ngo 1.21\n\nrequire github.com/gin-gonic/gin v1.10.0\n',
      'main.go':
        'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc main() {\n\tr := gin.Default()\n\tr.GET("/items", list)\n\tr.Run()\n}\n\nfunc list(c *gin.Context) {}\n',
    });
    expect(app.kind).toBe('application');
  });

  it('a package for creating web applications is a framework, whatever noun it uses for itself', () => {
    const dsl = identityOf({
      'package.json':
        '{ "name": "tune", "description": "Tune is a DSL for quickly creating web applications with minimal effort", "main": "lib/tune.js" }',
      'lib/tune.js': 'module.exports = class Base {\n  get(path, fn) {\n    return this;\n  }\n};\n',
    });
    expect(dsl.kind).toBe('framework');
    // an HTTP client used by web applications is still a library
    const client = identityOf({
      'package.json':
        '{ "name": "hop", "description": "Hop is a tiny HTTP client for web applications", "main": "lib/hop.js" }',
      'lib/hop.js': 'module.exports = function get(url) {\n  return fetch(url);\n};\n',
    });
    expect(client.kind).toBe('library');
  });

  it('a Python framework with a console script of its own is a framework first, its command after', () => {
    const flaskish = identityOf({
      'pyproject.toml':
        '[project]\nname = "Flasky"\ndependencies = ["click>=8"]\n[project.scripts]\nflasky = "flasky.cli:main"\n',
      'src/flasky/__init__.py': 'from .app import Flasky as Flasky\n',
      'src/flasky/app.py': 'class Flasky:\n    def wsgi_app(self, environ, start_response):\n        pass\n',
      'src/flasky/cli.py': 'import click\n\n@click.command()\ndef main():\n    pass\n',
      'README.md': '# Flasky\n\nFlasky is a lightweight WSGI web application framework.\n',
    });
    expect(flaskish.kind).toBe('framework');
    expect(flaskish.kinds).toEqual(['library', 'cli']);
  });

  it('a workspace of a web application is a web application; "monorepo" only tells the layout', () => {
    const id = identityOf({
      'package.json': '{ "name": "root", "private": true, "workspaces": ["frontend", "packages/*"] }',
      'pyproject.toml': '[tool.uv.workspace]\nmembers = ["backend"]\n',
      'frontend/package.json':
        '{ "name": "frontend", "private": true, "dependencies": { "react": "^19.0.0" } }',
      'frontend/src/main.tsx': 'export function App() {\n  return null;\n}\n',
      'packages/mail/package.json': '{ "name": "mail", "private": true }',
      'packages/mail/index.ts': 'export const x = 1;\n',
      'backend/pyproject.toml':
        '[project]\nname = "app"\ndependencies = ["fastapi>=0.100", "sqlmodel>=0.0.1"]\n',
      'backend/app/__init__.py': '',
      'backend/app/main.py':
        'from fastapi import FastAPI\n\napp = FastAPI()\n\n@app.get("/items")\ndef items():\n    return []\n',
    });
    expect(id.kind).toBe('application');
    expect(id.kinds).toContain('monorepo');
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

  it("Rust: a subcommand's option of the same name as the command's is listed too, as the subcommand's", () => {
    const id = identityOf({
      'Cargo.toml': '[package]\nname = "kat"\n\n[dependencies]\nclap = "4"\n',
      'src/main.rs':
        'use clap::{Arg, ArgAction, Command};\nfn main() {\n    Command::new("kat")\n' +
        '        .arg(Arg::new("help").long("help").action(ArgAction::Help))\n' +
        '        .subcommand(Command::new("cache").arg(Arg::new("help").long("help").action(ArgAction::Help)));\n}\n',
    });
    expect(id.publicApi.map((a) => [a.name, a.kind, a.subcommand])).toEqual([
      ['--help', 'flag', undefined],
      ['--help', 'flag', 'cache'],
      ['cache', 'subcommand', undefined],
    ]);
  });

  it('Ruby: a gem is entered by requiring its name, which loads lib/<name>.rb beside its gemspec', () => {
    const gem = identityOf({
      'tune.gemspec': "Gem::Specification.new 'tune', '1.0' do |s|\n  s.add_dependency 'rack'\nend\n",
      'lib/tune.rb': "require 'tune/base'\n",
      'lib/tune/base.rb':
        'module Tune\n  class Base\n    def call(env)\n      [200, {}, []]\n    end\n  end\nend\n',
    });
    expect(gem.entryPoints[0]).toMatchObject({ path: 'lib/tune.rb', line: 1, how: 'gem "tune"' });
    const dashed = identityOf({
      'tune-extra.gemspec': "Gem::Specification.new do |s|\n  s.name = 'tune-extra'\nend\n",
      'lib/tune/extra.rb': 'module Tune\n  module Extra\n  end\nend\n',
    });
    expect(dashed.entryPoints[0]).toMatchObject({
      path: 'lib/tune/extra.rb',
      how: 'gem "tune-extra", required as \'tune/extra\'',
    });
  });

  it('Ruby: sibling gems ship their lib/ and are entered too, the root gem first; their build files are not product', () => {
    const id = identityOf({
      'tune.gemspec': "Gem::Specification.new 'tune', '1.0' do |s|\n  s.add_dependency 'rack'\nend\n",
      Rakefile: 'task :default => :test\n',
      'lib/tune.rb': "require 'tune/base'\n",
      'lib/tune/base.rb':
        'module Tune\n  class Base\n    def call(env)\n      [200, {}, []]\n    end\n  end\nend\n',
      'tune-contrib/tune-contrib.gemspec':
        "Gem::Specification.new do |s|\n  s.name = 'tune-contrib'\n  s.add_dependency 'tune'\nend\n",
      'tune-contrib/Rakefile': 'task :default => :spec\n',
      'tune-contrib/lib/tune/contrib.rb':
        'module Tune\n  module Contrib\n    def self.all\n      []\n    end\n  end\nend\n',
      'tune-guard/tune-guard.gemspec': "Gem::Specification.new do |s|\n  s.name = 'tune-guard'\nend\n",
      'tune-guard/lib/tune/guard.rb':
        'module Tune\n  class Guard\n    def call(env)\n      env\n    end\n  end\nend\n',
    });
    expect(id.productPaths).toEqual(['lib', 'tune-contrib/lib', 'tune-guard/lib']);
    expect(id.entryPoints.map((e) => e.how)).toEqual([
      'gem "tune"',
      'gem "tune-contrib", required as \'tune/contrib\'',
      'gem "tune-guard", required as \'tune/guard\'',
    ]);
    for (const p of ['tune.gemspec', 'tune-contrib/tune-contrib.gemspec', 'tune-contrib/Rakefile'])
      expect(id.nonProduct).toContainEqual({ path: p, role: 'build' });
    // the surface is the main gem's, not what a sibling gem's entry file declares
    expect(names(id)).not.toContain('Contrib');
  });

  it("Python: a module named wsgi.py is a Django entry only when it starts Django's handler", () => {
    const site = identityOf({
      'requirements.txt': 'Django==5.0\n',
      'manage.py':
        'import os\nif __name__ == "__main__":\n    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site.settings")\n',
      'site/wsgi.py':
        'from django.core.wsgi import get_wsgi_application\napplication = get_wsgi_application()\n',
      'site/settings.py': 'INSTALLED_APPS = []\n',
    });
    expect(site.entryPoints.map((e) => [e.path, e.how])).toEqual(
      expect.arrayContaining([
        ['manage.py', 'Django manage.py'],
        ['site/wsgi.py', 'Django wsgi.py'],
      ]),
    );
    const client = identityOf({
      'pyproject.toml': '[project]\nname = "fetcher"\ndependencies = ["certifi"]\n',
      'fetcher/__init__.py': 'from ._api import get\n',
      'fetcher/_api.py': 'def get(url):\n    pass\n',
      'fetcher/_transports/wsgi.py':
        'class WSGITransport:\n    def handle_request(self, request):\n        pass\n',
    });
    expect(client.entryPoints.map((e) => e.path)).not.toContain('fetcher/_transports/wsgi.py');
  });

  it('Rust: a binary Cargo finds by its place (src/bin/<name>/main.rs) is entered before the library root', () => {
    const id = identityOf({
      'Cargo.toml': '[package]\nname = "kat"\ndescription = "A cat clone."\n\n[dependencies]\nclap = "4"\n',
      'src/lib.rs': 'pub mod printer;\n',
      'src/printer.rs': 'pub struct Printer;\n',
      'src/bin/kat/main.rs': 'mod app;\n\nfn run() {}\n\nfn main() {\n    run();\n}\n',
      'src/bin/kat/app.rs': 'pub struct App;\n',
      'src/bin/tool.rs': 'fn main() {}\n',
    });
    expect(id.entryPoints.map((e) => [e.path, e.line, e.how])).toEqual([
      ['src/bin/kat/main.rs', 5, 'binary "kat" (fn main)'],
      ['src/bin/tool.rs', 1, 'binary "tool" (fn main)'],
      ['src/lib.rs', 1, 'library crate root'],
    ]);
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
    // entered through the type users build and run, not the package clause of snake.go
    expect(lib.entryPoints.map((e) => e.call)).toEqual(['&snake.Command{…}', 'Execute()']);
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

  it('Maven: a multi-module build of jars with no main class is a library; the main of an example package enters nothing', () => {
    const pom = (id: string) => `<project><artifactId>${id}</artifactId></project>\n`;
    const id = identityOf({
      'pom.xml':
        '<project><artifactId>jsonl-parent</artifactId><packaging>pom</packaging><modules><module>core</module><module>extras</module></modules></project>\n',
      'core/pom.xml': pom('jsonl'),
      'core/src/main/java/com/acme/jsonl/Jsonl.java':
        'package com.acme.jsonl;\n\npublic final class Jsonl {\n  public String toJson(Object o) {\n    return "";\n  }\n}\n',
      'extras/pom.xml': pom('jsonl-extras'),
      'extras/src/main/java/com/acme/jsonl/adapters/Adapters.java':
        'package com.acme.jsonl.adapters;\n\npublic final class Adapters {}\n',
      'extras/src/main/java/com/acme/jsonl/extras/examples/RawExample.java':
        'package com.acme.jsonl.extras.examples;\n\npublic class RawExample {\n  public static void main(String[] args) {\n    new com.acme.jsonl.Jsonl().toJson(args);\n  }\n}\n',
    });
    expect(id.kind).toBe('library');
    expect(id.kinds).toEqual(['monorepo']);
    expect(id.entryPoints.map((e) => e.path)).not.toContain(
      'extras/src/main/java/com/acme/jsonl/extras/examples/RawExample.java',
    );
  });

  it('Maven: where the root skips deployment, the modules that declare a publisher are the product', () => {
    const java = (pkg: string, cls: string) => `package ${pkg};\n\npublic final class ${cls} {}\n`;
    const publisher =
      '<plugin><groupId>org.sonatype.central</groupId><artifactId>central-publishing-maven-plugin</artifactId></plugin>';
    const id = identityOf({
      'pom.xml': `<project><artifactId>jsonl-parent</artifactId><packaging>pom</packaging>
  <modules><module>core</module><module>extras</module><module>proto</module></modules>
  <build>
    <plugins>
      <!-- only the root itself; modules that deploy declare it -->
      <plugin><groupId>org.sonatype.central</groupId><artifactId>central-publishing-maven-plugin</artifactId><inherited>false</inherited></plugin>
    </plugins>
    <pluginManagement><plugins>
      <plugin><artifactId>maven-deploy-plugin</artifactId><configuration><skip>true</skip></configuration></plugin>
    </plugins></pluginManagement>
  </build>
</project>
`,
      'core/pom.xml': `<project><artifactId>jsonl</artifactId><build><plugins>${publisher}</plugins></build></project>\n`,
      'core/src/main/java/com/acme/jsonl/Jsonl.java': java('com.acme.jsonl', 'Jsonl'),
      'extras/pom.xml': '<project><artifactId>jsonl-extras</artifactId></project>\n',
      'extras/src/main/java/com/acme/jsonl/adapters/Adapters.java': java(
        'com.acme.jsonl.adapters',
        'Adapters',
      ),
      'proto/pom.xml': '<project><artifactId>proto</artifactId></project>\n',
      'proto/src/main/java/com/acme/jsonl/proto/ProtoAdapter.java': java(
        'com.acme.jsonl.proto',
        'ProtoAdapter',
      ),
    });
    expect(id.nonProduct).toContainEqual({ path: 'extras', role: 'unpublished' });
    expect(id.nonProduct).toContainEqual({ path: 'proto', role: 'unpublished' });
    expect(id.productPaths).toEqual(['core']);
    // one published module is one product, named by it, not a monorepo of the parent's
    expect(id.kind).toBe('library');
    expect(id.kinds).not.toContain('monorepo');
    expect(id.manifestName).toBe('jsonl');
  });

  it('Maven: a module that skips deployment is unpublished unless a published module needs it', () => {
    const pom = (artifact: string, extra = '') =>
      `<project><artifactId>${artifact}</artifactId>${extra}</project>\n`;
    const skip = '<properties><maven.deploy.skip>true</maven.deploy.skip></properties>';
    const id = identityOf({
      'pom.xml': pom(
        'kit-parent',
        '<packaging>pom</packaging><modules><module>api</module><module>shaded</module><module>demo-app</module></modules>',
      ),
      'api/pom.xml': pom(
        'kit-api',
        '<dependencies><dependency><groupId>a</groupId><artifactId>kit-shaded</artifactId></dependency></dependencies>',
      ),
      'api/src/main/java/a/Api.java': 'package a;\npublic class Api {}\n',
      'shaded/pom.xml': pom('kit-shaded', skip),
      'shaded/src/main/java/a/Inner.java': 'package a;\npublic class Inner {}\n',
      'demo-app/pom.xml': pom('kit-demo', skip),
      'demo-app/src/main/java/a/Demo.java': 'package a;\npublic class Demo {}\n',
    });
    expect(id.nonProduct).toContainEqual({ path: 'demo-app', role: 'unpublished' });
    expect(id.nonProduct.map((n) => n.path)).not.toContain('shaded');
    expect(id.productPaths).toEqual(expect.arrayContaining(['api', 'shaded']));
    // the one module it publishes names the product, not the parent that aggregates it
    expect(id.manifestName).toBe('kit-api');
  });

  it('Gradle: the sub-projects that apply a publishing plugin are the product; the others are unpublished', () => {
    const java = (pkg: string, cls: string) => `package ${pkg};\n\npublic final class ${cls} {}\n`;
    const id = identityOf({
      'settings.gradle': "rootProject.name = 'jsonl-build'\ninclude 'core', 'extras'\ninclude(':shell')\n",
      'build.gradle': "plugins { id 'java' }\n",
      'core/build.gradle': "plugins {\n  id 'java-library'\n  id 'maven-publish'\n}\n",
      'core/src/main/java/a/Jsonl.java': java('a', 'Jsonl'),
      'extras/build.gradle': "plugins { id 'java-library' }\n",
      'extras/src/main/java/a/Extra.java': java('a', 'Extra'),
      'shell/build.gradle': "plugins { id 'application' }\n",
      'shell/src/main/java/a/Sample.java': java('a', 'Sample'),
    });
    expect(id.nonProduct).toContainEqual({ path: 'extras', role: 'unpublished' });
    expect(id.nonProduct).toContainEqual({ path: 'shell', role: 'unpublished' });
    expect(id.productPaths).toContain('core');
    expect(id.kinds).not.toContain('monorepo');
    // publishing applied to every sub-project, and turned off in one
    const all = identityOf({
      'settings.gradle': "include 'core', 'legacy'\n",
      'build.gradle': "subprojects {\n  apply plugin: 'maven-publish'\n}\n",
      'core/build.gradle': "plugins { id 'java-library' }\n",
      'core/src/main/java/a/Jsonl.java': java('a', 'Jsonl'),
      'legacy/build.gradle': 'tasks.withType(PublishToMavenRepository).configureEach { enabled = false }\n',
      'legacy/src/main/java/a/Data.java': java('a', 'Data'),
    });
    expect(all.nonProduct).toContainEqual({ path: 'legacy', role: 'unpublished' });
    expect(all.nonProduct.map((n) => n.path)).not.toContain('core');
  });

  it('Go: a method of an unexported type is not public, even when its own name is exported', () => {
    const id = identityOf({
      'go.mod': 'module github.com/acme/route\n',
      'mux.go':
        'package route\n\ntype Mux struct {\n\ttree *node\n}\n\nfunc NewMux() *Mux { return &Mux{} }\n\nfunc (mx *Mux) Get(p string) {}\n',
      'tree.go':
        'package route\n\ntype node struct{}\n\nfunc (n *node) FindRoute(p string) *node { return n }\n\ntype endpoints map[string]int\n\nfunc (s endpoints) Value() int { return 0 }\n',
    });
    expect(names(id).sort()).toEqual(['Get', 'Mux', 'NewMux']);
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

  it("a Python module that is its folder's test package is test code, like a tests/ folder", () => {
    const id = identityOf({
      'manage.py': 'import sys\n',
      'hc/api/views.py': 'def ping(request):\n    pass\n',
      'hc/test.py': 'from django.test import TestCase\n\nclass BaseTestCase(TestCase):\n    pass\n',
      'hc/logs/tests.py': '# Create your tests here.\n',
      'hc/lib/tests.py': 'def test_odd(value):\n    return value % 2\n',
    });
    expect(id.nonProduct).toEqual(
      expect.arrayContaining([
        { path: 'hc/test.py', role: 'tests' },
        { path: 'hc/logs/tests.py', role: 'tests' },
      ]),
    );
    expect(id.nonProduct.find((n) => n.path === 'hc/lib/tests.py')).toBeUndefined();
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

describe('a Next.js application', () => {
  const files = {
    'package.json': '{ "private": true, "dependencies": { "next": "14.2.3" } }',
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./*"] } } }',
    'middleware.ts':
      "import { updateSession } from '@/utils/supabase/middleware';\n\nexport async function middleware(req) {\n  return updateSession(req);\n}\n",
    'utils/supabase/middleware.ts': 'export function updateSession(req) {\n  return req;\n}\n',
    'app/layout.tsx':
      "import Navbar from '@/components/Navbar';\n\nexport const metadata = {};\nexport default function RootLayout() {\n  return Navbar;\n}\n",
    'components/Navbar.tsx': 'export default function Navbar() {}\n',
    'app/page.tsx':
      "import Pricing from '@/components/Pricing';\nexport default function Home() {\n  return Pricing;\n}\n",
    'components/Pricing.tsx': 'export default function Pricing() {}\n',
    'app/api/webhooks/route.ts': 'export async function POST(req) {\n  return req;\n}\n',
    'examples/demo/package.json': '{ "dependencies": { "next": "14" } }',
    'examples/demo/middleware.ts': 'export function middleware() {}\n',
  };

  it('is entered through its middleware and root layout, and its routes are its public API', () => {
    const id = identityOf(files);
    expect(id.entryPoints).toEqual([
      { path: 'middleware.ts', line: 3, how: 'Next.js middleware' },
      { path: 'app/layout.tsx', line: 4, how: 'Next.js root layout (App Router)' },
    ]);
    // the framework's hooks (middleware, metadata, RootLayout) are not an API for callers
    expect(names(id).sort()).toEqual(['/', '/api/webhooks']);
  });

  it('ships what the entry points and the pages import through the @/ alias', () => {
    const id = identityOf(files);
    for (const p of [
      'middleware.ts',
      'utils/supabase/middleware.ts',
      'components/Navbar.tsx',
      'components/Pricing.tsx',
    ])
      expect(
        id.productPaths.some((d) => p === d || p.startsWith(d + '/')),
        p,
      ).toBe(true);
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
      'current:property:6',
    ]);
  });

  it("a command-line tool's options come from its parser; a library's own flag calls are not options", () => {
    const goCli = identityOf({
      'go.mod': 'module example.com/tool\n\nrequire github.com/spf13/cobra v1.8.0\n',
      'main.go':
        'package main\n\nimport "github.com/spf13/cobra"\n\nfunc main() {\n\troot := &cobra.Command{Use: "tool"}\n\troot.Flags().BoolP("verbose", "v", false, "talk")\n\troot.AddCommand(serveCmd)\n\troot.Execute()\n}\n',
      // a subcommand declared in one file and added to the root in another
      'serve.go':
        'package main\n\nimport "github.com/spf13/cobra"\n\nvar serveCmd = &cobra.Command{\n\tUse: "serve [addr]",\n}\n',
    });
    expect(goCli.publicApi).toContainEqual(
      expect.objectContaining({ name: 'serve', kind: 'subcommand', path: 'serve.go', line: 5 }),
    );
    expect(goCli.kind).toBe('cli');
    expect(goCli.publicApi).toContainEqual(
      expect.objectContaining({ name: '--verbose', kind: 'flag', short: '-v', path: 'main.go', line: 7 }),
    );
    const goLib = identityOf({
      'go.mod': 'module example.com/cmdkit\n\nrequire github.com/spf13/pflag v1.0.5\n',
      'command.go':
        'package cmdkit\n\nimport "github.com/spf13/pflag"\n\ntype Command struct{}\n\nfunc (c *Command) InitDefaultHelpFlag() {\n\tc.Flags().BoolP("help", "h", false, "help")\n}\n',
    });
    expect(goLib.publicApi.some((a) => a.kind === 'flag')).toBe(false);
  });
});

describe('Go public API', () => {
  it("spans every product package, keeps each type's method of a shared name, and counts exported values", () => {
    const id = identityOf({
      'go.mod': 'module example.com/router\n',
      'mux.go':
        'package router\n\nvar CtxKey = &key{}\n\ntype Mux struct{}\n\nfunc (m *Mux) ServeHTTP() {}\n\ntype Chain struct{}\n\nfunc (c Chain) ServeHTTP() {}\n\ntype node struct{}\n\nfunc (n *node) Len() int { return 0 }\n',
      'middleware/logger.go': 'package middleware\n\nfunc Logger() {}\n',
      'internal/x/x.go': 'package x\n\nfunc Hidden() {}\n',
      'cmd/tool/main.go': 'package main\n\nfunc Run() {}\n\nfunc main() {}\n',
    });
    const api = id.publicApi.map((a) => (a.owner ? `${a.owner}.${a.name}` : a.name)).sort();
    expect(api).toEqual(['Chain', 'Chain.ServeHTTP', 'CtxKey', 'Logger', 'Mux', 'Mux.ServeHTTP']);
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

describe('a package whose build publishes a copy of its manifest', () => {
  it('is a library though the root manifest is private: its exports say how others import it', () => {
    const id = identityOf({
      'package.json': JSON.stringify({
        name: 'store',
        private: true,
        main: './index.js',
        exports: { '.': { import: './esm/index.mjs', default: './index.js' }, './*': './*.js' },
        scripts: { copy: 'json -I -f dist/package.json -e "this.private=false;"' },
        peerDependencies: { react: '>=18.0.0' },
      }),
      'src/index.ts': "export * from './vanilla.ts';\n",
      'src/vanilla.ts': 'export const createStore = (init: () => unknown) => ({ get: init });\n',
    });
    expect(id.kind).toBe('library');
    expect(id.kinds).not.toContain('application');
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

  it("a package module's __main__ block is a helper of the package, not an entry point", () => {
    const id = identityOf({
      'pyproject.toml': '[project]\nname = "fetchy"\n',
      'src/fetchy/__init__.py': 'from .api import get as get\n',
      'src/fetchy/api.py': 'def get(url):\n    return url\n',
      'src/fetchy/help.py':
        'def info():\n    return {}\n\ndef main():\n    print(info())\n\nif __name__ == "__main__":\n    main()\n',
    });
    expect(id.entryPoints.map((e) => e.path)).toEqual(['src/fetchy/__init__.py']);
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

  it('takes the purpose from the description composer, a gemspec or a .NET project file gives', () => {
    expect(
      identityOf({
        'composer.json':
          '{\n  "name": "acme/slimmer",\n  "description": "Slimmer is a PHP micro framework for APIs"\n}',
        'Slimmer/App.php': '<?php\nclass App {}\n',
      }).purpose,
    ).toMatchObject({ source: { path: 'composer.json', line: 3 } });
    expect(
      identityOf({
        'mailer.gemspec':
          'Gem::Specification.new do |s|\n  s.name = "mailer"\n  s.summary = "Sends mail from Ruby programs"\nend\n',
        'lib/mailer.rb': 'module Mailer; end\n',
      }).purpose?.text,
    ).toBe('mailer sends mail from Ruby programs.');
    expect(
      identityOf({
        'src/Shop/Shop.csproj':
          '<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup>\n    <Description>Simple mediator implementation in .NET</Description>\n  </PropertyGroup>\n</Project>',
        'src/Shop/Mediator.cs': 'namespace Shop;\npublic class Mediator {}\n',
      }).purpose,
    ).toMatchObject({ source: { path: 'src/Shop/Shop.csproj', line: 3 } });
  });
});

describe('what the folders beside the product are', () => {
  it("a Django project's apps and served template and static folders are product, whatever their names", () => {
    const id = identityOf(
      {
        'manage.py': 'import os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_pkg.settings")\n',
        'site_pkg/__init__.py': '',
        'site_pkg/settings.py': [
          'INSTALLED_APPS = (',
          '    "django.contrib.admin",',
          '    "site_pkg.shop",',
          '    "blog.apps.BlogConfig",',
          ')',
          'TEMPLATES = [{"DIRS": [BASE_DIR / "templates"], "APP_DIRS": True}]',
          'STATICFILES_DIRS = [os.path.join(BASE_DIR, "static"), BASE_DIR / "web" / "assets"]',
        ].join('\n'),
        'site_pkg/shop/views.py': 'def index(request):\n    pass\n',
        'blog/__init__.py': '',
        'blog/models.py': 'class Post:\n    pass\n',
        'templates/base.html': '<html></html>\n',
        'templates/docs/intro.html-fragment': '<p>Intro</p>\n',
        'static/docs/diagram.svg': '<svg/>\n',
        'web/assets/app.js': 'console.log(1);\n',
        'web/docs/guide.md': '# Guide\n',
        'README.md': '# Shopsite\n\nShopsite is an online shop for books.\n',
      },
      ['static/img/logo.png'],
    );
    expect(id.productPaths.sort()).toEqual([
      'blog',
      'manage.py',
      'site_pkg',
      'static',
      'templates',
      'web/assets',
    ]);
    expect(id.nonProduct).toContainEqual({ path: 'web/docs', role: 'docs' });
    expect(id.nonProduct.filter((n) => /^(templates|static)/.test(n.path))).toEqual([]);
    expect(id.kind).toBe('application');
    expect(id.kinds).not.toContain('library');
    // no manifest names it: the README's title does
    expect(id.manifestName).toBe('Shopsite');
  });

  it('container files make a deployment folder; a script compiling into another folder makes a build folder', () => {
    const id = identityOf({
      'app/main.py': 'print("hi")\n',
      'docker/Dockerfile': 'FROM python:3.12\n',
      'docker/docker-compose.yml': 'services: {}\n',
      'docker/uwsgi.ini': '[uwsgi]\n',
      'docker/healthcheck.py': 'print("ok")\n',
      'docker/README.md': '# Docker\n',
      'static/site.css': 'body {}\n',
      'styles/build.sh': 'lessc main.less ../static/site.css\n',
      'styles/main.less': '@a: 1;\n',
      'styles/theme.less': '@b: 2;\n',
      'etc/Dockerfile': 'FROM alpine\n',
      'etc/completion.bash': 'complete -F _x x\n',
      'etc/notes.md': '# notes\n',
      'etc/icon.svg': '<svg/>\n',
    });
    expect(id.nonProduct).toContainEqual({ path: 'docker', role: 'deployment' });
    expect(id.nonProduct).toContainEqual({ path: 'styles', role: 'build' });
    // one Dockerfile among other things does not make a deployment folder
    expect(id.nonProduct.find((n) => n.path === 'etc')).toBeUndefined();
  });

  it('names at the root: *-tests are tests, perf-* benchmarks, a book and www the docs, a folder of shell scripts scripts', () => {
    const id = identityOf(
      {
        'package.json': '{ "name": "fw", "main": "src/index.js" }',
        'src/index.js': 'export const x = 1;\n',
        'runtime-tests/node/index.test.js': 'test("x", () => {});\n',
        'perf-measures/bundle-check/check.js': 'console.log(1);\n',
        'book/en/book.toml': '[book]\n',
        'book/en/src/intro.md': '# Intro\n',
        'www/index.html': '<html></html>\n',
        'bin/release': '#!/usr/bin/env bash\nset -e\n',
        'bin/forbid': '#!/bin/sh\ngrep -r TODO .\n',
      },
      ['www/favicon.ico'],
    );
    for (const [path, role] of [
      ['runtime-tests', 'tests'],
      ['perf-measures', 'benchmarks'],
      ['book', 'docs'],
      ['www', 'docs'],
      ['bin', 'scripts'],
    ])
      expect(id.nonProduct).toContainEqual({ path, role });
  });

  it('a PHP www/ of code and an npm bin/ of JavaScript stay product', () => {
    const id = identityOf({
      'package.json': '{ "name": "tool", "bin": { "tool": "bin/tool.js" } }',
      'bin/tool.js': '#!/usr/bin/env node\nconsole.log(1);\n',
      'www/index.php': '<?php echo 1;\n',
      'www/lib.php': '<?php function f() {}\n',
    });
    expect(id.nonProduct.find((n) => n.path === 'bin' || n.path === 'www')).toBeUndefined();
  });

  it('a root build/ is output unless the package scripts run files in it or it holds hand-written code', () => {
    const scripts = identityOf(
      {
        'package.json':
          '{ "name": "fw", "main": "dist/index.js", "scripts": { "build": "bun ./build/build.ts" } }',
        'src/index.ts': 'export const x = 1;\n',
      },
      ['build/'],
    );
    expect(scripts.nonProduct).toContainEqual({ path: 'build', role: 'scripts' });
    const output = identityOf(
      { 'package.json': '{ "name": "fw", "scripts": { "build": "tsc --outDir build" } }', 'src/a.ts': '' },
      ['build/'],
    );
    expect(output.nonProduct).toContainEqual({ path: 'build', role: 'generated' });
  });

  it('a copied library is vendored as one folder, inside a build folder too; the styles written here stay product', () => {
    const banner = '/*!\n * Bootstrap v3.4.1 (https://getbootstrap.com/)\n * Licensed under MIT\n */\n';
    const id = identityOf(
      {
        'manage.py': 'import django\n',
        'app/__init__.py': '',
        'app/settings.py': 'INSTALLED_APPS = ["app"]\n',
        'stuff/build.sh': 'lessc bootstrap/bootstrap.less ../static/css/bootstrap.css\n',
        'stuff/bootstrap/bootstrap.less': `${banner}@import "variables.less";\n`,
        'stuff/bootstrap/variables.less': '@c: red;\n',
        'static/css/bootstrap.css': '.a { color: red; }\n',
        'static/css/variables.css': ':root { --c: red; }\n',
      },
      [],
      true,
    );
    expect(id.nonProduct).toContainEqual({ path: 'stuff', role: 'build' });
    expect(id.nonProduct).toContainEqual({ path: 'stuff/bootstrap', role: 'vendored' });
    expect(id.nonProduct).toContainEqual({ path: 'static/css/bootstrap.css', role: 'generated' });
    expect(id.nonProduct.filter((n) => n.path.startsWith('stuff/bootstrap/'))).toEqual([]);
    expect(id.nonProduct.find((n) => n.path === 'static/css/variables.css')).toBeUndefined();
  });

  it('images with the design sources of a logo are assets; images alone illustrate the docs', () => {
    const id = identityOf({ 'go.mod': 'module example.com/x\n', 'x.go': 'package x\n' }, [
      'ext/LICENSE',
      'ext/logo.png',
      'ext/logo.ai',
      'media/screenshot.png',
    ]);
    expect(id.nonProduct).toContainEqual({ path: 'ext', role: 'assets' });
    expect(id.nonProduct).toContainEqual({ path: 'media', role: 'docs' });
  });

  it("a web app's public/ is served, its SQL migrations are its schema, a tool's folder holds its config", () => {
    const id = identityOf(
      {
        'package.json': JSON.stringify({
          private: true,
          dependencies: { next: '14.2.3' },
          devDependencies: { supabase: '1.0.0' },
        }),
        'app/page.tsx': 'export default function Page() { return null; }\n',
        'supabase/config.toml': 'project_id = "x"\n',
        'supabase/migrations/001_init.sql': 'create table users (id int);\n',
        'README.md': '# Next.js Subscription Payments Starter\n\n## Setup\n\nRun the steps below in order.\n',
      },
      ['public/demo.png', 'public/logo.svg'],
    );
    expect(id.productPaths).toEqual(expect.arrayContaining(['app', 'public', 'supabase/migrations']));
    expect(id.nonProduct.find((n) => n.path === 'public')).toBeUndefined();
    expect(id.nonProduct).toContainEqual({ path: 'supabase/config.toml', role: 'config' });
    expect(id.manifestName).toBe('Next.js Subscription Payments Starter');
    expect(id.purpose?.text).toBe('The project is a Next.js Subscription Payments Starter.');
  });

  it('a binary crate whose lib.rs its tests share is a CLI, and unpublished workspace crates are tools', () => {
    const id = identityOf({
      'Cargo.toml': [
        '[package]',
        'name = "runner"',
        'categories = ["command-line-utilities"]',
        '[workspace]',
        'members = [".", "crates/*"]',
        '[lib]',
        'doctest = false',
        '[[bin]]',
        'path = "src/main.rs"',
        'name = "runner"',
        '[dependencies]',
        'parser = { path = "crates/parser" }',
      ].join('\n'),
      'src/main.rs': 'fn main() { runner::run(); }\n',
      'src/lib.rs': 'pub fn run() {}\n',
      'crates/parser/Cargo.toml': '[package]\nname = "parser"\npublish = false\n',
      'crates/parser/src/lib.rs': 'pub fn parse() {}\n',
      'crates/gen-docs/Cargo.toml': '[package]\nname = "gen-docs"\npublish = false\n',
      'crates/gen-docs/src/main.rs': 'fn main() {}\n',
      'crates/shared/Cargo.toml': '[package]\nname = "shared"\npublish = false\n',
      'crates/shared/src/lib.rs': 'pub fn s() {}\n',
      'crates/other/Cargo.toml':
        '[package]\nname = "other"\npublish = false\n[dependencies]\nshared = { path = "../shared" }\n',
      'crates/other/src/main.rs': 'fn main() {}\n',
    });
    expect(id.kind).toBe('cli');
    expect(id.nonProduct).toContainEqual({ path: 'crates/gen-docs', role: 'tools' });
    // a crate only the tools depend on is theirs
    expect(id.nonProduct).toContainEqual({ path: 'crates/shared', role: 'tools' });
    // an unpublished crate the product depends on is part of it
    expect(id.nonProduct.find((n) => n.path === 'crates/parser')).toBeUndefined();
    expect(id.productPaths).toEqual(expect.arrayContaining(['src', 'crates/parser']));
  });

  it('a binary crate whose lib.rs shows one public item, the rest doc-hidden, is not also a library', () => {
    const crate = (lib: string) =>
      identityOf({
        'Cargo.toml': '[package]\nname = "runner"\n[dependencies]\nclap = "4"\n',
        'src/main.rs': 'fn main() { runner::run(); }\n',
        'src/lib.rs': lib,
        'src/run.rs': 'pub fn run() {}\n',
      });
    const internal = crate(
      [
        '//! Primarily a command-line binary.',
        'pub(crate) use std::io;',
        'pub use crate::run::run;',
        '#[doc(hidden)]',
        'pub use {run::Arguments, run::Response};',
        '#[cfg(test)]',
        '#[macro_use]',
        'pub mod testing;',
        'mod run;',
        'impl X {',
        '  pub fn helper() {}',
        '}',
      ].join('\n'),
    );
    expect(internal.kind).toBe('cli');
    expect(internal.kinds).not.toContain('library');
    const library = crate(['pub mod run;', 'pub mod parse;', 'pub use run::run;'].join('\n'));
    expect([library.kind, ...library.kinds]).toContain('library');
  });

  it("Spring Initializr's placeholder description gives way to the README", () => {
    const id = identityOf({
      'pom.xml':
        '<project><artifactId>vetshop</artifactId><description>Demo project for Spring Boot</description></project>',
      'src/main/java/a/App.java':
        '@SpringBootApplication\npublic class App { public static void main(String[] a) {} }\n',
      'README.md': '# Vetshop\n\nBook your visits at the vet online.\n',
    });
    expect(id.purpose?.text ?? '').not.toMatch(/demo project/i);
  });

  it('shell scripts are the product where there is no other code; a library serves no public/; runtime config is not tool config', () => {
    const shell = identityOf({
      'lib/aliases.bash': 'alias ll="ls -l"\n',
      'plugins/git.bash': 'g() { git "$@"; }\n',
    });
    expect(shell.nonProduct).toEqual([]);
    const lib = identityOf(
      {
        'package.json': JSON.stringify({
          name: 'widget',
          main: 'src/index.js',
          dependencies: { config: '3.0.0' },
          devDependencies: { vite: '5.0.0' },
        }),
        'src/index.js': 'export const w = 1;\n',
        'config/default.json': '{ "port": 80 }\n',
      },
      ['public/demo.png'],
    );
    expect(lib.productPaths).not.toContain('public');
    expect(lib.nonProduct.find((n) => n.path.startsWith('config'))).toBeUndefined();
  });
});

describe('where use of a library begins', () => {
  it('Go: a constructor its authors mark deprecated is no way in, and its name is marked in the API', () => {
    const id = identityOf({
      'go.mod': 'module example.com/ws\n\ngo 1.22\n',
      'client.go': [
        'package ws',
        '',
        '// NewClient makes a client.',
        '//',
        '// Deprecated: Use Dialer instead.',
        'func NewClient() *Conn {',
        '\treturn &Conn{}',
        '}',
        '',
        '// NewConn makes a connection.',
        'func NewConn() *Conn {',
        '\treturn &Conn{}',
        '}',
        '',
        'type Conn struct{}',
      ].join('\n'),
    });
    expect(id.entryPoints.map((e) => e.call)).toEqual(['ws.NewConn()']);
    expect(id.publicApi.filter((a) => a.deprecated).map((a) => a.name)).toEqual(['NewClient']);
  });

  it("Go: the README example's constructor of what runs the work comes before a helper called earlier in the example", () => {
    const id = identityOf({
      'go.mod': 'module example.com/tea\n\ngo 1.22\n',
      'README.md': [
        '# tea',
        '',
        '```go',
        'func (m model) View() tea.View {',
        '\treturn tea.NewView("hi")',
        '}',
        '',
        'func main() {',
        '\tp := tea.NewProgram(model{})',
        '\tp.Run()',
        '}',
        '```',
      ].join('\n'),
      'tea.go': [
        'package tea',
        '',
        'type View struct{}',
        '',
        'func NewView(s string) View { return View{} }',
        '',
        'type Program struct{}',
        '',
        'func NewProgram(m any) *Program { return &Program{} }',
        '',
        'func (p *Program) Run() error { return nil }',
      ].join('\n'),
    });
    expect(id.entryPoints.map((e) => e.call)).toEqual(['tea.NewProgram()', 'tea.NewView()']);
    // a tutorial whose program starts in a later block than the one that builds its view
    const split = identityOf({
      'go.mod': 'module example.com/tea\n\ngo 1.22\n',
      'README.md': [
        '# tea',
        '',
        '```go',
        'func (m model) View() tea.View {',
        '\treturn tea.NewView("hi")',
        '}',
        '```',
        '',
        'Then start it:',
        '',
        '```go',
        'func main() {',
        '\tp := tea.NewProgram(model{})',
        '\tp.Run()',
        '}',
        '```',
      ].join('\n'),
      'tea.go': [
        'package tea',
        '',
        'type View struct{}',
        '',
        'func NewView(s string) View { return View{} }',
        '',
        'type Program struct{}',
        '',
        'func NewProgram(m any) *Program { return &Program{} }',
        '',
        'func (p *Program) Run() error { return nil }',
      ].join('\n'),
    });
    expect(split.entryPoints.map((e) => e.call)).toEqual(['tea.NewProgram()', 'tea.NewView()']);
  });

  it('Go: a deprecated constructor gives its place to the method of the type its note names, which its body calls', () => {
    const id = identityOf({
      'go.mod': 'module example.com/ws\n\ngo 1.22\n',
      'client.go': [
        'package ws',
        '',
        '// NewClient makes a client.',
        '//',
        '// Deprecated: Use Dialer instead.',
        'func NewClient(u string) (c *Conn, err error) {',
        '\td := Dialer{}',
        '\treturn d.Dial(u)',
        '}',
        '',
        'type Dialer struct{}',
        '',
        'func (d *Dialer) Close() {}',
        '',
        'func (d *Dialer) Dial(u string) (*Conn, error) {',
        '\treturn &Conn{}, nil',
        '}',
      ].join('\n'),
      'prepared.go':
        'package ws\n\nfunc NewPrepared() *Prepared {\n\treturn &Prepared{}\n}\n\ntype Prepared struct{}\n',
      'conn.go': 'package ws\n\ntype Conn struct{}\n',
    });
    expect(id.entryPoints.map((e) => `${e.call} ${e.path}:${e.line}`)).toEqual([
      '(&ws.Dialer{…}).Dial() client.go:15',
      'ws.NewPrepared() prepared.go:3',
    ]);
    expect(id.entryPoints[0]!.how).toBe('in place of the deprecated NewClient');
  });

  it('Go: a type named instead through the method the code calls most, when the deprecated body calls none', () => {
    const id = identityOf({
      'go.mod': 'module example.com/ws\n\ngo 1.22\n',
      'client.go': [
        'package ws',
        '',
        '// Deprecated: Use Dialer instead.',
        'func NewClient() *Conn { return nil }',
        '',
        'type Dialer struct{}',
        '',
        'func (d *Dialer) Dial() *Conn { return nil }',
        '',
        'func (d *Dialer) DialContext() *Conn { return nil }',
        '',
        'type Conn struct{}',
      ].join('\n'),
      'client_test.go': 'package ws\n\nfunc a() { d.DialContext(); d.DialContext(); d.Dial() }\n',
    });
    expect(id.entryPoints.map((e) => e.call)).toEqual(['(&ws.Dialer{…}).DialContext()']);
  });

  it("a deprecated name of the README's example gives its place to the function its note names", () => {
    const id = identityOf({
      'go.mod': 'module example.com/ws\n\ngo 1.22\n',
      'README.md': '# ws\n\n```go\nc := ws.Old()\n```\n',
      'ws.go':
        'package ws\n\n// Deprecated: use Dial() instead.\nfunc Old() int { return 1 }\n\nfunc Dial() int { return 2 }\n',
    });
    expect(id.entryPoints.map((e) => `${e.call} ${e.path}:${e.line}`)).toEqual(['ws.Dial() ws.go:6']);
  });

  it("a name of the README's example its authors mark deprecated is passed over for the next", () => {
    const id = identityOf({
      'go.mod': 'module example.com/ws\n\ngo 1.22\n',
      'README.md': '# ws\n\n```go\nc := ws.Old()\nc = ws.Dial()\n```\n',
      'ws.go':
        'package ws\n\n// Deprecated: Use Dial.\nfunc Old() int { return 1 }\n\nfunc Dial() int { return 2 }\n',
    });
    expect(id.entryPoints.map((e) => e.call)).toEqual(['ws.Dial()']);
  });

  it('Go: the constructor the README example calls, at its definition, never a package clause', () => {
    const id = identityOf({
      'go.mod': 'module example.com/router/v2\n\ngo 1.22\n',
      'README.md':
        '# router\n\n```go\nimport "example.com/router/v2"\n\nr := router.NewRouter()\nr.Get("/", h)\n```\n',
      'router.go':
        'package router\n\n// NewRouter returns a router.\nfunc NewRouter() *Mux {\n\treturn &Mux{}\n}\n',
      'mux.go': 'package router\n\ntype Mux struct{}\n\nfunc (m *Mux) Get(p string, h any) {}\n',
    });
    expect(id.entryPoints[0]).toMatchObject({
      path: 'router.go',
      line: 4,
      call: 'router.NewRouter()',
      importPath: 'example.com/router/v2',
    });
    expect(id.entryPoints.some((e) => e.line === 1 || /package/.test(e.how))).toBe(false);
  });

  it("starts at the call of the README's example that does the work, the option setters after it", () => {
    const id = identityOf({
      'go.mod': 'module example.com/conf\n\ngo 1.22\n',
      'README.md':
        '# conf\n\n```go\nconf.SetConfigName("config")\nconf.AddConfigPath(".")\nerr := conf.ReadInConfig()\n```\n',
      'conf.go': [
        'package conf',
        '',
        'func SetConfigName(n string) {}',
        '',
        'func AddConfigPath(p string) {}',
        '',
        'func ReadInConfig() error {',
        '\treturn nil',
        '}',
      ].join('\n'),
    });
    expect(id.entryPoints.map((e) => e.call)).toEqual([
      'conf.ReadInConfig()',
      'conf.SetConfigName()',
      'conf.AddConfigPath()',
    ]);
  });

  it('Go without a README call: a type users build and the method that runs it', () => {
    const id = identityOf({
      'go.mod': 'module example.com/cli\n',
      'command.go':
        'package cli\n\ntype Command struct {\n\tUse string\n}\n\nfunc (c *Command) Execute() error {\n\treturn nil\n}\n',
    });
    expect(id.entryPoints.map((e) => [e.line, e.call])).toEqual([
      [3, '&cli.Command{…}'],
      [7, 'Execute()'],
    ]);
  });

  it("Go: a helper's constructor is no way in when a type the package runs is; one that makes it is", () => {
    const files = {
      'go.mod': 'module example.com/cli\n',
      'command.go': 'package cli\n\ntype Command struct {\n\tName string\n}\n',
      'command_run.go': 'package cli\n\nfunc (cmd *Command) Run(args []string) error {\n\treturn nil\n}\n',
      'flag_map.go':
        'package cli\n\ntype MapBase[T any] struct{}\n\nfunc NewMapBase[T any](defaults map[string]T) *MapBase[T] {\n\treturn &MapBase[T]{}\n}\n',
    };
    // the driver method sits in another file than the type
    expect(identityOf(files).entryPoints.map((e) => [e.path, e.line, e.call])).toEqual([
      ['command.go', 3, '&cli.Command{…}'],
      ['command_run.go', 3, 'Run()'],
    ]);
    const made = identityOf({
      ...files,
      'new.go':
        'package cli\n\nfunc NewCommand(name string) (*Command, error) {\n\treturn &Command{Name: name}, nil\n}\n',
    });
    expect(made.entryPoints.map((e) => e.call)).toEqual(['cli.NewCommand()']);
  });

  it('npm: `new X()` of a default import is the main file’s exported class', () => {
    const id = identityOf({
      'package.json': JSON.stringify({ name: 'webkit', main: 'lib/app.js' }),
      'Readme.md': "# webkit\n\n```js\nconst Web = require('webkit');\nconst app = new Web();\n```\n",
      'lib/app.js': "'use strict';\n\nmodule.exports = class Application {\n  use(fn) {}\n};\n",
    });
    expect(id.entryPoints[0]).toMatchObject({ path: 'lib/app.js', line: 3, call: 'new Web()' });
  });

  it('npm: a named import resolves to the exported declaration, not a private one of the same name', () => {
    const id = identityOf({
      'package.json': JSON.stringify({ name: 'tiny', module: 'src/index.ts' }),
      'README.md': "```ts\nimport { Tiny } from 'tiny'\nconst app = new Tiny()\n```\n",
      'src/index.ts': "export { Tiny } from './tiny'\n",
      'src/base.ts': 'class Tiny {}\nexport { Tiny as TinyBase }\n',
      'src/tiny.ts': "import { TinyBase } from './base'\n\nexport class Tiny extends TinyBase {}\n",
    });
    expect(id.entryPoints[0]).toMatchObject({ path: 'src/tiny.ts', line: 3, call: 'new Tiny()' });
  });

  it('Python: `pkg.get()` in a doctest example, beside the package __init__.py', () => {
    const id = identityOf({
      'pyproject.toml': '[project]\nname = "fetch"\n',
      'README.md': '```python\n>>> import fetch\n>>> r = fetch.get("https://x")\n```\n',
      'src/fetch/__init__.py': 'from .api import get\n',
      'src/fetch/api.py': '"""API."""\n\n\ndef get(url):\n    return url\n',
    });
    expect(id.entryPoints.map((e) => [e.path, e.line, e.call])).toEqual([
      ['src/fetch/api.py', 4, 'fetch.get()'],
      ['src/fetch/__init__.py', 1, undefined],
    ]);
  });
});
