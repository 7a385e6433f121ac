import { describe, expect, it } from 'vitest';
import { dependenciesPass } from './dependencies.ts';
import { languagesPass } from './languages.ts';
import { buildResolveContext, moduleFolders, moduleGraphPass, moduleHome } from './module-graph.ts';
import { sourcesFromMap } from './sources.ts';
import { symbolsPass } from './symbols.ts';

// a product with tests beside the code, a test folder, e2e tests, a benchmark and a docs folder
const FILES: Record<string, string> = {
  'package.json': '{ "name": "root" }',
  'src/core/engine.ts': "import { util } from '../lib/util.ts';\nexport const run = () => util();\n",
  'src/lib/util.ts': 'export const util = () => 1;\n',
  'src/core/engine.test.ts':
    "import { run } from './engine.ts';\nimport { make } from '../../test/helpers/make.ts';\nrun(); make();\n",
  'src/lib/test-helpers.ts': "import { make } from '../../test/helpers/make.ts';\nexport const h = make;\n",
  'test/helpers/make.ts':
    "import { run } from '../../src/core/engine.ts';\nexport const make = () => run();\n",
  'e2e/flow.spec.ts': "import { run } from '../src/core/engine.ts';\nrun();\n",
  'bench/run.ts': "import { run } from '../src/core/engine.ts';\nrun();\n",
  'docs/decisions/0001.md': '# Decision\n\nWe chose TypeScript.\n',
};

/** The symbols and the module graph of a small tree, its imports resolved as the analysis does. */
function graphOf(src: ReturnType<typeof sourcesFromMap>) {
  const { files } = languagesPass(src);
  const sym = symbolsPass(src, files);
  const graph = moduleGraphPass(
    files,
    sym.imports,
    buildResolveContext(src, dependenciesPass(src).manifests),
  );
  return { sym, graph };
}

describe('module graph', () => {
  const src = sourcesFromMap(FILES);
  const { sym, graph } = graphOf(src);
  const ids = graph.nodes.map((n) => n.id);

  it('is built from product code only: no test, e2e, bench or docs folder becomes a module', () => {
    expect(ids.some((id) => id.startsWith('src'))).toBe(true);
    for (const id of ids) expect(id).not.toMatch(/^(test|e2e|bench|docs)(\/|$)/);
    // the test file and the test helper inside src are not counted in the src modules either
    const lines = graph.nodes.reduce((n, x) => n + x.lines, 0);
    expect(lines).toBe(3);
  });

  it('shows no src <-> test cycle from tests importing helpers', () => {
    for (const e of graph.edges) expect(`${e.from} ${e.to}`).not.toMatch(/(^|\s)(test|e2e|bench)(\/|\s|$)/);
    const twoWay = graph.edges.filter((e) => graph.edges.some((r) => r.from === e.to && r.to === e.from));
    expect(twoWay).toEqual([]);
    expect(graph.edges.some((e) => e.from.startsWith('src/core') && e.to.startsWith('src/lib'))).toBe(true);
  });

  it('still resolves every import, so other passes can follow test imports', () => {
    expect(sym.imports.find((i) => i.from === 'e2e/flow.spec.ts')?.resolved).toBe('src/core/engine.ts');
  });
});

describe('code a build wrote or another project copied in', () => {
  it('is no module and lends no weight to an edge', () => {
    const src = sourcesFromMap({
      'package.json': '{ "name": "web" }',
      'src/app/page.ts': "import { cn } from '../lib/utils.ts';\nexport const page = cn();\n",
      'src/lib/utils.ts': 'export const cn = () => 1;\n',
      'src/kit/button.ts': "import { cn } from '../lib/utils.ts';\nexport const b = cn();\n",
      'src/kit/menu.ts': "import { cn } from '../lib/utils.ts';\nexport const m = cn();\n",
    });
    const { files } = languagesPass(src, (p) => (p.startsWith('src/kit/') ? 'generated' : 'product'));
    const graph = moduleGraphPass(
      files,
      symbolsPass(src, files).imports,
      buildResolveContext(src, dependenciesPass(src).manifests),
    );
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(['src/app', 'src/lib']);
    expect(graph.edges).toEqual([{ from: 'src/app', to: 'src/lib', weight: 1 }]);
  });
});

describe('Python imports of submodules', () => {
  it('resolves `from pkg import module` to the submodule, and the package for the names it defines', () => {
    const src = sourcesFromMap({
      'hc/__init__.py': '',
      'hc/lib/__init__.py': 'VERSION = 1\n',
      'hc/lib/curl.py': 'import pycurl\n\ndef get(url):\n    return url\n',
      'hc/lib/emails.py': 'def send():\n    pass\n',
      'hc/api/__init__.py': '',
      'hc/api/transports.py':
        'from hc.lib import curl\nfrom hc.lib import (\n    emails,  # mail\n    VERSION,\n)\nfrom . import views as v\n\ncurl.get(emails.send(), v, VERSION)\n',
      'hc/api/views.py': 'def ping():\n    pass\n',
    });
    const { files } = languagesPass(src);
    const sym = symbolsPass(src, files);
    moduleGraphPass(files, sym.imports, buildResolveContext(src, dependenciesPass(src).manifests));
    const of = sym.imports
      .filter((i) => i.from === 'hc/api/transports.py')
      .map((i) => `${i.line} ${i.specifier} ${i.resolved ?? '-'}`);
    expect(of).toEqual([
      '1 hc.lib hc/lib/curl.py',
      '2 hc.lib hc/lib/__init__.py',
      '2 hc.lib hc/lib/emails.py',
      '6 . hc/api/views.py',
    ]);
    expect(sym.imports.some((i) => 'names' in i)).toBe(false);
  });
});

describe('TypeScript path aliases', () => {
  const resolvedOf = (files: Record<string, string>) => {
    const src = sourcesFromMap(files);
    const { files: infos } = languagesPass(src);
    const sym = symbolsPass(src, infos);
    moduleGraphPass(infos, sym.imports, buildResolveContext(src, dependenciesPass(src).manifests));
    return Object.fromEntries(sym.imports.map((i) => [`${i.from} ${i.specifier}`, i.resolved ?? null]));
  };

  it('resolves compilerOptions.paths against baseUrl, in a commented tsconfig, and leaves packages alone', () => {
    const r = resolvedOf({
      'tsconfig.json':
        '{\n  // aliases\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./*"], "~lib": ["lib/index.ts"] }, },\n}\n',
      'app/page.tsx':
        "import { cn } from '@/utils/cn';\nimport Button from '@/components/ui/Button';\nimport l from '~lib';\nimport React from 'react';\nimport h from 'utils/cn';\n",
      'utils/cn.ts': 'export const cn = 1;\n',
      'components/ui/Button/index.ts': 'export default 1;\n',
      'lib/index.ts': 'export default 1;\n',
    });
    expect(r['app/page.tsx @/utils/cn']).toBe('utils/cn.ts');
    expect(r['app/page.tsx @/components/ui/Button']).toBe('components/ui/Button/index.ts');
    expect(r['app/page.tsx ~lib']).toBe('lib/index.ts');
    expect(r['app/page.tsx react']).toBeNull();
    // a bare specifier under baseUrl is a file of the project too
    expect(r['app/page.tsx utils/cn']).toBe('utils/cn.ts');
  });

  it('follows a relative extends, takes paths relative to the config that declares them, nearest config first', () => {
    const r = resolvedOf({
      'tsconfig.base.json': '{ "compilerOptions": { "paths": { "@shared/*": ["packages/shared/src/*"] } } }',
      'apps/web/tsconfig.json': '{ "extends": "../../tsconfig.base.json" }',
      'apps/web/src/main.ts': "import { x } from '@shared/x';\n",
      'packages/shared/src/x.ts': 'export const x = 1;\n',
      'apps/cli/tsconfig.json': '{ "compilerOptions": { "strict": true } }',
      'apps/cli/main.ts': "import { x } from '@shared/x';\n",
    });
    expect(r['apps/web/src/main.ts @shared/x']).toBe('packages/shared/src/x.ts');
    // its own tsconfig declares no alias, so the root's do not apply
    expect(r['apps/cli/main.ts @shared/x']).toBeNull();
  });
});

describe('Rust modules', () => {
  it('resolves mod declarations, crate/self/super paths and workspace crates to their files', () => {
    const src = sourcesFromMap({
      'Cargo.toml': '[package]\nname = "app"\n\n[workspace]\nmembers = ["crates/*"]\n',
      'src/main.rs': 'mod cli;\nmod exec;\nuse crate::exec::job::Job;\nuse my_util::fmt;\nfn main() {}\n',
      'src/cli.rs': 'use super::exec::{self, Job};\npub struct Cli;\n',
      'src/exec/mod.rs': 'pub mod job;\nuse self::job::Job;\n',
      'src/exec/job.rs': 'use super::super::cli::Cli;\npub struct Job;\n',
      'crates/my-util/Cargo.toml': '[package]\nname = "my-util"\n',
      'crates/my-util/src/lib.rs': 'pub mod fmt;\n',
      'crates/my-util/src/fmt.rs': 'pub fn f() {}\n',
    });
    const { files } = languagesPass(src);
    const sym = symbolsPass(src, files);
    const graph = moduleGraphPass(
      files,
      sym.imports,
      buildResolveContext(src, dependenciesPass(src).manifests),
    );
    const resolved = Object.fromEntries(
      sym.imports.map((i) => [`${i.from} ${i.specifier}`, i.resolved ?? null]),
    );
    expect(resolved).toMatchObject({
      'src/main.rs mod cli': 'src/cli.rs',
      'src/main.rs mod exec': 'src/exec/mod.rs',
      'src/main.rs crate::exec::job::Job': 'src/exec/job.rs',
      'src/main.rs my_util::fmt': 'crates/my-util/src/fmt.rs',
      'src/cli.rs super::exec::': 'src/exec/mod.rs',
      'src/exec/mod.rs mod job': 'src/exec/job.rs',
      'src/exec/mod.rs self::job::Job': 'src/exec/job.rs',
      'src/exec/job.rs super::super::cli::Cli': 'src/cli.rs',
    });
    expect(graph.edges.length).toBeGreaterThan(0);
  });

  it('resolves the `use super::*;` of a module with a folder to the crate root; its `mod tests` imports nothing of the product', () => {
    const src = sourcesFromMap({
      'Cargo.toml': '[package]\nname = "app"\n',
      'src/lib.rs': 'mod platform;\nmod util;\npub struct Config;\n',
      'src/util.rs': 'use super::*;\n',
      'src/platform.rs': 'use super::*;\nmod unix;\n#[cfg(test)]\nmod tests {\n  use super::*;\n}\n',
      'src/platform/unix.rs': 'use super::*;\n',
    });
    const { sym } = graphOf(src);
    expect(sym.imports.map((i) => `${i.from}:${i.line} ${i.specifier} -> ${i.resolved}`).sort()).toEqual([
      'src/lib.rs:1 mod platform -> src/platform.rs',
      'src/lib.rs:2 mod util -> src/util.rs',
      'src/platform.rs:1 super:: -> src/lib.rs',
      'src/platform.rs:2 mod unix -> src/platform/unix.rs',
      'src/platform/unix.rs:1 super:: -> src/platform.rs',
      // a module of one file is one module with the root: its import of the root is left alone
      'src/util.rs:1 super:: -> undefined',
    ]);
  });
});

describe('a Rust module file beside its folder', () => {
  // `src/assets.rs` declares `mod build;`, which is `src/assets/build.rs`: one module, `crate::assets`
  const src = sourcesFromMap({
    'Cargo.toml': '[package]\nname = "app"\n',
    'src/lib.rs': 'pub mod assets;\npub mod net;\npub mod printer;\nmod util;\n',
    'src/printer.rs': 'use crate::assets::Assets;\npub struct Printer;\n',
    'src/util.rs': 'pub fn u() {}\n',
    'src/assets.rs': 'mod build;\nuse crate::util::u;\npub struct Assets;\nfn a() {}\n',
    'src/assets/build.rs': 'use super::Assets;\nuse crate::printer::Printer;\npub fn build() {}\n',
    'src/net/mod.rs': 'pub mod tcp;\n',
    'src/net/tcp.rs': 'use crate::assets::build;\npub fn tcp() {}\n',
    'src/bin/tool.rs': 'fn main() {}\n',
    'src/bin/tool/args.rs': 'pub fn args() {}\n',
  });
  const { graph } = graphOf(src);

  it('is part of the module of that folder, as its `mod.rs` is', () => {
    expect(graph.nodes.map((n) => `${n.id} ${n.files}/${n.lines}`).sort()).toEqual([
      'src 3/7',
      'src/assets 2/7',
      'src/bin 1/1',
      'src/bin/tool 1/1',
      'src/net 2/3',
    ]);
    // the module's use of itself (`use super::Assets`) is no edge, nor a cycle with `src`
    expect(graph.edges.map((e) => `${e.from} -> ${e.to} ${e.weight}`).sort()).toEqual([
      'src -> src/assets 2',
      'src -> src/net 1',
      'src/assets -> src 2',
      'src/net -> src/assets 1',
    ]);
  });

  it('decides one folder for every count of modules; crate roots and other languages keep their own', () => {
    const folderOf = moduleFolders([...src.files.map((f) => f.path), 'web/app.ts', 'web/app/x.ts']);
    expect(folderOf('src/assets.rs')).toBe('src/assets');
    expect(folderOf('src/assets/build.rs')).toBe('src/assets');
    expect(folderOf('src/net/mod.rs')).toBe('src/net');
    expect(folderOf('src/util.rs')).toBe('src');
    expect(folderOf('src/bin/tool.rs')).toBe('src/bin');
    expect(folderOf('web/app.ts')).toBe('web');
    const home = moduleHome(['.', 'src', 'src/assets'], folderOf);
    expect(['src/assets.rs', 'src/net/tcp.rs', 'src/lib.rs', 'build.rs', 'web/app.ts'].map(home)).toEqual([
      'src/assets',
      'src',
      'src',
      '.',
      undefined,
    ]);
  });
});

describe('a Maven layout', () => {
  // the packages sit under a trunk of folders with no code of their own (src/main/java/org/acme)
  const base = 'src/main/java/org/acme/shop';
  const src = sourcesFromMap({
    'pom.xml': '<project><artifactId>shop</artifactId></project>',
    [`${base}/ShopApplication.java`]:
      'package org.acme.shop;\nimport org.acme.shop.owner.OwnerController;\npublic class ShopApplication {}\n',
    [`${base}/owner/OwnerController.java`]:
      'package org.acme.shop.owner;\nimport org.acme.shop.model.Person;\nimport java.util.List;\npublic class OwnerController {}\n',
    [`${base}/owner/Owner.java`]:
      'package org.acme.shop.owner;\nimport org.acme.shop.model.*;\npublic class Owner extends Person {}\n',
    [`${base}/model/Person.java`]: 'package org.acme.shop.model;\npublic class Person {}\n',
  });
  const { sym, graph } = graphOf(src);

  it('resolves imports of types and of packages to the files and folders that declare them', () => {
    const resolved = Object.fromEntries(sym.imports.map((i) => [i.specifier, i.resolved ?? null]));
    expect(resolved['org.acme.shop.model.Person']).toBe(`${base}/model/Person.java`);
    expect(resolved['org.acme.shop.model.*']).toBe(`${base}/model`);
    expect(resolved['java.util.List']).toBeNull();
  });

  it('makes the packages the modules, with the imports between them as edges', () => {
    expect(graph.nodes.map((n) => n.id).sort()).toEqual([base, `${base}/model`, `${base}/owner`]);
    expect(graph.edges.map((e) => `${e.from} -> ${e.to}`).sort()).toEqual([
      `${base} -> ${base}/owner`,
      `${base}/owner -> ${base}/model`,
    ]);
  });
});

describe('a JVM package in two source roots', () => {
  // a multi-release jar's overlay (src/main/java11) adds files to a package of src/main/java
  const src = sourcesFromMap({
    'pom.xml': '<project><artifactId>acme</artifactId></project>',
    'src/main/java/org/acme/Api.java':
      'package org.acme;\nimport org.acme.http.Client;\npublic class Api {}\n',
    'src/main/java/org/acme/util/Text.java': 'package org.acme.util;\npublic class Text {}\n',
    'src/main/java/org/acme/http/Client.java':
      'package org.acme.http;\nimport org.acme.util.Text;\npublic class Client {}\n',
    'src/main/java/org/acme/http/Pool.java': 'package org.acme.http;\npublic class Pool {}\n',
    'src/main/java11/org/acme/http/Executor.java':
      'package org.acme.http;\nimport org.acme.Api;\npublic class Executor {}\n',
    'src/main/java11/module-info.java': 'module org.acme {\n  exports org.acme;\n}\n',
    // another source set declaring the package is apart
    'src/test/java/org/acme/http/ClientTest.java': 'package org.acme.http;\nclass ClientTest {}\n',
  });
  const { graph } = graphOf(src);

  it('is one module: the folder holding most of its files', () => {
    const http = 'src/main/java/org/acme/http';
    expect(graph.nodes.find((n) => n.id === http)).toMatchObject({ files: 3 });
    expect(graph.nodes.map((n) => n.id)).not.toContain('src/main/java11/org/acme/http');
    expect(graph.edges.map((e) => `${e.from} -> ${e.to}`).sort()).toContain(
      `${http} -> src/main/java/org/acme`,
    );
    expect(graph.placed).toEqual({ 'src/main/java11/org/acme/http/Executor.java': http });
  });
});

describe('C# namespaces', () => {
  const src = sourcesFromMap({
    'src/Shop/Shop.csproj': '<Project Sdk="Microsoft.NET.Sdk"></Project>',
    'src/Shop/Mediator.cs':
      'using System;\nusing Shop.Pipeline;\n\nnamespace Shop;\n\npublic class Mediator { IPipelineBehavior b; }\n',
    'src/Shop/Pipeline/IPipelineBehavior.cs':
      'namespace Shop.Pipeline\n{\n  public interface IPipelineBehavior {}\n}\n',
    'src/Shop/Pipeline/PreProcessor.cs':
      'using Shop.Internal;\nnamespace Shop.Pipeline;\npublic class PreProcessor { Helpers h; }\n',
    'src/Shop/Internal/Helpers.cs': 'namespace Shop.Internal;\ninternal static class Helpers {}\n',
    // extension methods added to the DI package's own namespace
    'src/Shop/DI/ServiceCollectionExtensions.cs':
      'namespace Microsoft.Extensions.DependencyInjection;\npublic static class ServiceCollectionExtensions {}\n',
    'src/Shop/Wrappers/Wrapper.cs':
      'using Microsoft.Extensions.DependencyInjection;\nnamespace Shop.Wrappers;\npublic class Wrapper {}\n',
  });
  const { sym, graph } = graphOf(src);

  it("resolves a `using` to the folder whose files declare the namespace, and leaves the platform's out", () => {
    const resolved = Object.fromEntries(sym.imports.map((i) => [i.specifier, i.resolved ?? null]));
    expect(resolved['Shop.Pipeline']).toBe('src/Shop/Pipeline');
    expect(resolved['Shop.Internal']).toBe('src/Shop/Internal');
    expect(resolved['System']).toBeNull();
    // another package's namespace the product adds to is still that package's
    expect(resolved['Microsoft.Extensions.DependencyInjection']).toBeNull();
    expect(graph.edges.length).toBeGreaterThanOrEqual(2);
  });
});

describe("PHP's composer autoload", () => {
  const src = sourcesFromMap({
    'composer.json': JSON.stringify({ autoload: { 'psr-4': { 'Shop\\': 'Shop/' } } }),
    'Shop/App.php':
      '<?php\nnamespace Shop;\n\nuse Shop\\Routing\\Route;\nuse Psr\\Http\\Message\\ResponseInterface;\n\nclass App {}\n',
    'Shop/Routing/Route.php': '<?php\nnamespace Shop\\Routing;\n\nclass Route {}\n',
  });
  const { sym, graph } = graphOf(src);

  it('resolves a `use` through its PSR-4 prefix to the class file, and a package outside it to nothing', () => {
    const resolved = Object.fromEntries(sym.imports.map((i) => [i.specifier, i.resolved ?? null]));
    expect(resolved['Shop\\Routing\\Route']).toBe('Shop/Routing/Route.php');
    expect(resolved['Psr\\Http\\Message\\ResponseInterface']).toBeNull();
    expect(graph.edges.map((e) => `${e.from} -> ${e.to}`)).toEqual(['Shop -> Shop/Routing']);
  });
});

describe('Python module names', () => {
  it("resolves an absolute import only from a folder Python imports from: `import email` is the standard library's", () => {
    const src = sourcesFromMap({
      'hc/__init__.py': '',
      'hc/api/__init__.py': '',
      'hc/api/views.py': 'import email\nimport signal\nfrom hc.integrations import email as transport\n',
      'hc/integrations/__init__.py': '',
      'hc/integrations/email/__init__.py': 'def notify():\n    pass\n',
      'hc/integrations/signal/__init__.py': 'def notify():\n    pass\n',
      'src/app/__init__.py': '',
      'src/app/models.py': 'class Model:\n    pass\n',
      'src/app/views.py': 'import app.models\n',
    });
    const { files } = languagesPass(src);
    const sym = symbolsPass(src, files);
    const ctx = buildResolveContext(src, dependenciesPass(src).manifests);
    const graph = moduleGraphPass(files, sym.imports, ctx);
    const from = (f: string) => sym.imports.filter((i) => i.from === f);
    // the package's own module is reached through its package, never by its last name alone
    expect(from('hc/api/views.py').map((i) => i.specifier)).toContain('email');
    expect(ctx.pyModules.get('email')).toBeUndefined();
    expect(ctx.pyModules.get('signal')).toBeUndefined();
    expect(ctx.pyModules.get('hc.integrations.email')).toBe('hc/integrations/email/__init__.py');
    // a source root's package is still found by its own name
    expect(ctx.pyModules.get('app.models')).toBe('src/app/models.py');
    expect(graph.nodes.length).toBeGreaterThan(0);
  });
});
