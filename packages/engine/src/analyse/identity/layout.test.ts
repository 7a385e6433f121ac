import { describe, expect, it } from 'vitest';
import { dependenciesPass } from '../dependencies.ts';
import { languagesPass } from '../languages.ts';
import { sourcesFromMap } from '../sources.ts';
import { areaOf, classifyLayout, isProductFile } from './layout.ts';
import { readManifestFacts } from './manifest-facts.ts';

function layoutOf(files: Record<string, string>) {
  const src = sourcesFromMap(files);
  return classifyLayout(src, languagesPass(src).files, readManifestFacts(src));
}

const helper = 'export function testClient(app: unknown) {\n  return app;\n}\n';
const helperTest = "import { testClient } from '.';\ntest('x', () => testClient(1));\n";

describe('the code a documentation site includes', () => {
  it('docs_src/ beside the package is examples, though its apps import the package', () => {
    const layout = layoutOf({
      'pyproject.toml': '[project]\nname = "webkit"\n',
      'webkit/__init__.py': 'from .app import App\n',
      'webkit/app.py': 'class App:\n    pass\n',
      'docs_src/first_steps/tutorial001.py': 'from webkit import App\n\napp = App()\n',
    });
    expect(areaOf('docs_src/first_steps/tutorial001.py', layout)).toBe('examples');
    expect(isProductFile('webkit/app.py', layout)).toBe(true);
  });
});

describe('tutorials', () => {
  it("a tutorials/ folder of programs that use the package is examples, not the product's entry", () => {
    const layout = layoutOf({
      'go.mod': 'module example.com/tea\n',
      'tea.go': 'package tea\n\nfunc NewProgram() {}\n',
      'tutorials/go.mod': 'module tutorial\n\nrequire example.com/tea v0.0.0\n',
      'tutorials/basics/main.go':
        'package main\n\nimport tea "example.com/tea"\n\nfunc main() { tea.NewProgram() }\n',
    });
    expect(areaOf('tutorials/basics/main.go', layout)).toBe('examples');
    expect(isProductFile('tea.go', layout)).toBe(true);
  });
});

describe('a charts/ folder', () => {
  it("is Helm's deployment when it holds templates, and the product's when it holds components", () => {
    const layout = layoutOf({
      'package.json': '{ "name": "app", "private": true }',
      'src/index.ts': "export * from './charts/Bar';\n",
      'src/charts/Bar.tsx': 'export function Bar() {\n  return null;\n}\n',
      'src/charts/Line.tsx': 'export function Line() {\n  return null;\n}\n',
      'charts/app/Chart.yaml': 'name: app\n',
      'charts/app/values.yaml': 'replicas: 1\n',
    });
    expect(isProductFile('src/charts/Bar.tsx', layout)).toBe(true);
    expect(areaOf('charts/app/values.yaml', layout)).toBe('deployment');
  });
});

describe('published paths', () => {
  it('a folder named for tests ships when package.json exports it (a dist/ target read as src/)', () => {
    const layout = layoutOf({
      'package.json': JSON.stringify({
        name: 'web',
        exports: {
          '.': { types: './dist/types/index.d.ts', import: './dist/index.js' },
          './testing': { import: './dist/helper/testing/index.js' },
        },
      }),
      'src/index.ts': 'export const app = 1;\n',
      'src/helper/testing/index.ts': helper,
      'src/helper/testing/index.test.ts': helperTest,
      'src/helper/mock/testing/util.ts': 'export const u = 1;\n',
    });
    expect(isProductFile('src/helper/testing/index.ts', layout)).toBe(true);
    expect(areaOf('src/helper/testing/index.test.ts', layout)).toBe('tests');
    // an unpublished folder of the same name stays tests
    expect(areaOf('src/helper/mock/testing/util.ts', layout)).toBe('tests');
  });

  it('jsr.json exports count as published, and the rest of the folder keeps its role', () => {
    const layout = layoutOf({
      'package.json': JSON.stringify({ name: 'web', main: './dist/index.js' }),
      'jsr.json': JSON.stringify({
        name: '@x/web',
        exports: { '.': './src/index.ts', './testing': './src/testing/client.ts' },
      }),
      'src/index.ts': 'export const app = 1;\n',
      'src/testing/client.ts': helper,
      'src/testing/fixture-app.ts': 'export const fixture = 1;\n',
    });
    expect(isProductFile('src/testing/client.ts', layout)).toBe(true);
    expect(areaOf('src/testing/fixture-app.ts', layout)).toBe('tests');
  });

  it('a Python package the build config lists ships whatever its name; an unlisted one stays tests', () => {
    const layout = layoutOf({
      'pyproject.toml':
        '[project]\nname = "calc"\n\n[tool.setuptools]\npackages = ["calc", "calc.testing"]\n',
      'calc/__init__.py': 'VERSION = 1\n',
      'calc/testing/__init__.py': 'def assert_close(a, b):\n    return abs(a - b) < 1e-9\n',
      'calc/tests/__init__.py': '',
      'calc/tests/helpers.py': 'def make():\n    return 1\n',
    });
    expect(isProductFile('calc/testing/__init__.py', layout)).toBe(true);
    expect(areaOf('calc/tests/helpers.py', layout)).toBe('tests');
  });
});

describe('example packages in a JVM source tree', () => {
  const java = (pkg: string, cls: string) => `package ${pkg};\npublic class ${cls} {}\n`;
  it('an examples package beside the product packages is examples; the namespace is product', () => {
    const layout = layoutOf({
      'pom.xml': '<project><artifactId>json-extras</artifactId></project>\n',
      'src/main/java/com/acme/json/typeadapters/Adapter.java': java('com.acme.json.typeadapters', 'Adapter'),
      'src/main/java/com/acme/json/extras/examples/raw/RawExample.java': java(
        'com.acme.json.extras.examples.raw',
        'RawExample',
      ),
    });
    expect(areaOf('src/main/java/com/acme/json/extras/examples/raw/RawExample.java', layout)).toBe(
      'examples',
    );
    expect(isProductFile('src/main/java/com/acme/json/typeadapters/Adapter.java', layout)).toBe(true);
  });

  it('a samples or demo folder on the namespace chain names the product, not an example', () => {
    const layout = layoutOf({
      'pom.xml': '<project><artifactId>petclinic</artifactId></project>\n',
      'src/main/java/org/acme/samples/clinic/App.java': java('org.acme.samples.clinic', 'App'),
      'src/main/java/org/acme/samples/clinic/owner/Owner.java': java(
        'org.acme.samples.clinic.owner',
        'Owner',
      ),
      'src/main/java/org/acme/samples/clinic/vet/Vet.java': java('org.acme.samples.clinic.vet', 'Vet'),
    });
    expect(isProductFile('src/main/java/org/acme/samples/clinic/owner/Owner.java', layout)).toBe(true);
    expect(areaOf('src/main/java/org/acme/samples/clinic/App.java', layout)).toBe('product');
  });
});

describe('benchmarks and packaging checks beside the product', () => {
  it('a module whose own manifest runs on a benchmark harness is benchmarks, whatever its name', () => {
    const files = {
      'pom.xml':
        '<project><artifactId>p</artifactId><packaging>pom</packaging><modules><module>core</module><module>metrics</module></modules></project>\n',
      'core/pom.xml': '<project><artifactId>core</artifactId></project>\n',
      'core/src/main/java/a/Core.java': 'package a;\npublic class Core {}\n',
      'metrics/pom.xml':
        '<project><artifactId>metrics</artifactId><dependencies><dependency><groupId>com.google.caliper</groupId><artifactId>caliper</artifactId><version>1.0</version></dependency></dependencies></project>\n',
      'metrics/src/main/java/a/ParseBenchmark.java': 'package a;\npublic class ParseBenchmark {}\n',
    };
    const src = sourcesFromMap(files);
    const layout = classifyLayout(
      src,
      languagesPass(src).files,
      readManifestFacts(src),
      [],
      [],
      dependenciesPass(src).dependencies,
    );
    expect(areaOf('metrics/src/main/java/a/ParseBenchmark.java', layout)).toBe('benchmarks');
    expect(isProductFile('core/src/main/java/a/Core.java', layout)).toBe(true);
  });

  it('a root profiling/ folder is benchmarks; a root test-* module is tests', () => {
    const layout = layoutOf({
      'pyproject.toml': '[project]\nname = "fmt"\n',
      'src/fmt/__init__.py': 'def format_str(s):\n    return s\n',
      'profiling/list_big.py': 'x = [\n    1,\n    2,\n]\n',
      'test-shrinker/src/main/java/a/Main.java': 'package a;\npublic class Main {}\n',
    });
    expect(areaOf('profiling/list_big.py', layout)).toBe('benchmarks');
    expect(areaOf('test-shrinker/src/main/java/a/Main.java', layout)).toBe('tests');
    expect(isProductFile('src/fmt/__init__.py', layout)).toBe(true);
  });
});

describe('a Maven or Gradle src/ beside main/', () => {
  it('only src/main ships: the site, release notes, build descriptors, checker settings and logos do not', () => {
    const layout = layoutOf({
      'pom.xml': '<project><artifactId>lang</artifactId></project>\n',
      'src/main/java/a/Strings.java': 'package a;\npublic class Strings {}\n',
      'src/test/java/a/StringsTest.java': 'package a;\nclass StringsTest {}\n',
      'src/conf/pmd-exclude.properties': '# TODO?\na.Strings = AvoidBranching\n',
      'src/assembly/bin.xml': '<assembly><id>bin</id></assembly>\n',
      'src/changes/changes.xml': '<document><body></body></document>\n',
      'src/media/logo.svg': '<svg></svg>\n',
      'core/build.gradle': "plugins { id 'java' }\n",
      'core/src/main/java/b/Core.java': 'package b;\npublic class Core {}\n',
      'core/src/jmh/java/b/CoreBench.java': 'package b;\nclass CoreBench {}\n',
    });
    expect(areaOf('src/conf/pmd-exclude.properties', layout)).toBe('config');
    expect(areaOf('src/assembly/bin.xml', layout)).toBe('build');
    expect(areaOf('src/changes/changes.xml', layout)).toBe('docs');
    expect(areaOf('src/media/logo.svg', layout)).toBe('assets');
    expect(areaOf('core/src/jmh/java/b/CoreBench.java', layout)).toBe('benchmarks');
    expect(isProductFile('src/main/java/a/Strings.java', layout)).toBe(true);
    expect(areaOf('core/src/main/java/b/Core.java', layout)).toBe('product');
  });

  it('a src/ folder of another build keeps its role by name alone', () => {
    const layout = layoutOf({
      'package.json': '{ "name": "web", "main": "src/main/index.js" }',
      'src/main/index.js': 'module.exports = 1;\n',
      'src/conf/settings.js': 'module.exports = { a: 1 };\n',
    });
    expect(areaOf('src/conf/settings.js', layout)).toBe('product');
  });
});

describe('test runner settings at the root', () => {
  it('karma.conf.cjs and jest.preset.js are tool settings, not the product beside index.js', () => {
    const layout = layoutOf({
      'package.json': JSON.stringify({ name: 'client', main: 'index.js' }),
      'index.js': "export { default } from './lib/client.js';\n",
      'lib/client.js': 'export default function client() {}\n',
      'karma.conf.cjs':
        'module.exports = function (config) {\n  if (process.env.SAUCE_USERNAME) config.set({});\n};\n',
      'jest.preset.js':
        "const nxPreset = require('@nx/jest/preset').default;\nmodule.exports = { ...nxPreset };\n",
    });
    expect(areaOf('karma.conf.cjs', layout)).toBe('build');
    expect(areaOf('jest.preset.js', layout)).toBe('build');
    expect(isProductFile('karma.conf.cjs', layout)).toBe(false);
    expect(areaOf('index.js', layout)).toBe('product');
  });
});

describe('an npm package’s bin/ folder', () => {
  const files = (pkg: Record<string, unknown>) => ({
    'package.json': JSON.stringify({ name: 'client', main: 'index.js', ...pkg }),
    'index.js': "export { default } from './lib/client.js';\n",
    'lib/client.js': 'export default function client() {}\n',
    'bin/contributors.js':
      "import client from '../index.js';\nawait client('https://api.github.com/repos');\n",
    'bin/RepoBot.js': 'export default class RepoBot {}\n',
  });

  it('is the maintainers’ scripts when the manifest names no "bin"', () => {
    expect(areaOf('bin/contributors.js', layoutOf(files({})))).toBe('scripts');
  });

  it('is product when the manifest installs its commands', () => {
    const layout = layoutOf(files({ bin: { client: 'bin/contributors.js' } }));
    expect(areaOf('bin/contributors.js', layout)).toBe('product');
  });
});

describe('a root folder only the maintainers’ scripts read', () => {
  it('is theirs: the changelog templates a release script renders are not the product', () => {
    const layout = layoutOf({
      'package.json': JSON.stringify({ name: 'client', main: 'index.js' }),
      'index.js': "export { default } from './lib/client.js';\n",
      'lib/client.js': 'export default function client() {}\n',
      'bin/changelog.js':
        "import path from 'path';\nconst TEMPLATE = path.resolve(__dirname, '../templates/contributors.hbs');\n",
      'templates/contributors.hbs': '{{#each authors}}- {{name}}\n{{/each}}\n',
      'views/page.hbs': '<h1>{{title}}</h1>\n',
      'lib/render.js': "export const page = 'views/page.hbs';\n",
    });
    expect(areaOf('templates/contributors.hbs', layout)).toBe('scripts');
    // what the product itself reads stays product
    expect(areaOf('views/page.hbs', layout)).toBe('product');
  });
});

describe('a root integration/ folder', () => {
  it('holds integration tests (a server and the script that drives it), not product', () => {
    const layout = layoutOf({
      'package.json': JSON.stringify({ name: 'web', main: 'web.js' }),
      'web.js': 'module.exports = function web() {}\n',
      'integration/server.js':
        "const web = require('..')()\nweb.get('/', () => 'home page')\nweb.listen(3000)\n",
      'integration/test.sh': '#!/usr/bin/bash\ncurl -i -X GET localhost:3000/ > GET\n',
      'integrations/redis.js': 'module.exports = function redis() {}\n',
    });
    expect(areaOf('integration/server.js', layout)).toBe('tests');
    expect(areaOf('integrations/redis.js', layout)).toBe('product');
  });
});
