import { describe, expect, it } from 'vitest';
import { writeTree, workspaceOf, testContext } from '../test-helpers.ts';
import { analyse } from '../index.ts';
import { writtenLanguages } from '../languages.ts';
import { sourcesFromMap } from '../sources.ts';
import { dataTables, generatedFiles, typeDeclarationFiles } from './generated.ts';

const rules = (n: number) => Array.from({ length: n }, (_, i) => `.c${i} {\n  margin: ${i}px;\n}\n`).join('');
const BOOTSTRAP = '/*!\n * Bootstrap  v5.3.8 (https://getbootstrap.com/)\n * Licensed under MIT\n */\n';

const found = (files: Record<string, string>) =>
  Object.fromEntries(generatedFiles(sourcesFromMap(files)).map((g) => [g.path, g.role]));

describe('generated and vendored files among the sources', () => {
  it('a stylesheet compiled from the SCSS, Less or Stylus of its name', () => {
    expect(
      found({
        'src/main/scss/petclinic.scss': '.a { .b { color: red; } }\n',
        'src/main/scss/_vars.scss': '$x: 1;\n',
        'src/main/resources/static/css/petclinic.css': rules(3),
        'web/theme.less': '@c: red;\n',
        'public/theme.css': rules(2),
        'public/vars.css': rules(2), // only a partial (_vars.scss) has that name
        'public/site.css': rules(2),
      }),
    ).toEqual({
      'src/main/resources/static/css/petclinic.css': 'generated',
      'public/theme.css': 'generated',
    });
  });

  it('a partial another style source imports compiles into that one, not into a CSS file of its name', () => {
    expect(
      found({
        'stuff/theme/theme.less':
          '@import "variables.less";\n@import (reference) "badges";\n.a { color: @c; }\n',
        'stuff/theme/variables.less': '@c: red;\n',
        'stuff/theme/badges.less': '.badge { color: @c; }\n',
        'web/main.scss': "@use 'colors';\n",
        'web/colors.scss': '$c: red;\n',
        'static/css/theme.css': rules(3),
        // hand-written, though sources of their names exist
        'static/css/variables.css': rules(2),
        'static/css/badges.css': rules(2),
        'static/css/colors.css': rules(2),
      }),
    ).toEqual({ 'static/css/theme.css': 'generated' });
  });

  it('a folder named after the library its release banner names is a copy of it, every file below', () => {
    const banner = '/*!\n * Bootstrap v3.4.1 (https://getbootstrap.com/)\n * Licensed under MIT\n */\n';
    const copy = {
      'stuff/bootstrap/bootstrap.less': `${banner}@import "variables.less";\n`,
      'stuff/bootstrap/variables.less': '@c: red;\n',
      'stuff/bootstrap/mixins/buttons.less': '.b() { color: red; }\n',
      'lib/select2-4.0.13/select2.js': '/*!\n * Select2 4.0.13\n * https://select2.github.io\n */\nvar a;\n',
      'lib/select2-4.0.13/i18n/fr.js': 'var b;\n',
      // the banner of another library in a folder of another name: that file only
      'assets/styles/site.less': `${banner}.a { color: red; }\n`,
      'assets/styles/extra.less': '.b { color: red; }\n',
    };
    expect(Object.entries(found(copy)).sort()).toEqual([
      ['lib/select2-4.0.13/i18n/fr.js', 'vendored'],
      ['lib/select2-4.0.13/select2.js', 'vendored'],
      ['stuff/bootstrap/bootstrap.less', 'vendored'],
      ['stuff/bootstrap/mixins/buttons.less', 'vendored'],
      ['stuff/bootstrap/variables.less', 'vendored'],
    ]);
    expect(generatedFiles(sourcesFromMap(copy))[0]!.why).toBe('a copy of Bootstrap 3.4.1');
    // the library's own repository: its folder of the same name is its own code
    const own = { 'package.json': '{"name": "bootstrap"}', 'less/bootstrap/bootstrap.less': banner };
    expect(found(own)).toEqual({});
  });

  it("a folder of code under another holder's licence, with no manifest, is a copy of that project", () => {
    const tree = {
      LICENSE: 'The MIT License (MIT)\n\nCopyright (c) 2019 Ana Ruiz\n',
      'pkg/__init__.py': 'from ._click import style\n',
      'pkg/main.py': 'def run(): pass\n',
      'pkg/_click/LICENSE.txt': 'Copyright 2014 Pallets\n\nRedistribution and use …\n',
      'pkg/_click/core.py': 'class Command: pass\n',
      'pkg/_click/termui.py': 'def style(): pass\n',
      // a workspace package publishes under its own licence: the project's own code
      'packages/cli/LICENSE': 'Copyright (c) 2020 Someone Else\n',
      'packages/cli/package.json': '{"name": "cli"}',
      'packages/cli/index.js': 'module.exports = 1\n',
      // the project's own holder in a sub-folder's licence: its own code
      'pkg/extra/LICENSE': 'Copyright 2021 Ana Ruiz\n',
      'pkg/extra/x.py': 'x = 1\n',
    };
    expect(Object.entries(found(tree)).sort()).toEqual([
      ['pkg/_click/LICENSE.txt', 'vendored'],
      ['pkg/_click/core.py', 'vendored'],
      ['pkg/_click/termui.py', 'vendored'],
    ]);
    expect(generatedFiles(sourcesFromMap(tree))[0]!.why).toBe(
      'under its own licence (LICENSE.txt, copyright Pallets)',
    );
  });

  it('the folder of UI components components.json names for the shadcn/ui command is copied in', () => {
    const shadcn = JSON.stringify({
      $schema: 'https://ui.shadcn.com/schema.json',
      aliases: { components: '@/components', ui: '@/components/ui' },
    });
    expect(
      found({
        'frontend/components.json': shadcn,
        'frontend/src/components/ui/button.tsx': 'export function Button() {\n  return null;\n}\n',
        'frontend/src/components/Admin/AddUser.tsx': 'export function AddUser() {\n  return null;\n}\n',
        // the project's own components kept in the folder, in folders and files of their own naming
        'frontend/src/components/ui/Pricing/Pricing.tsx': 'export function Pricing() {\n  return null;\n}\n',
      }),
    ).toEqual({ 'frontend/src/components/ui/button.tsx': 'vendored' });
    // a components.json of another tool names no copy
    expect(
      found({
        'components.json': '{ "aliases": { "ui": "@/components/ui" } }',
        'src/components/ui/button.tsx': 'export function Button() {\n  return null;\n}\n',
      }),
    ).toEqual({});
  });

  it('says what gave a file away', () => {
    const src = sourcesFromMap({ 'scss/app.scss': '.a { color: red; }\n', 'static/app.css': rules(2) });
    expect(generatedFiles(src)).toEqual([
      { path: 'static/app.css', role: 'generated', why: 'compiled from scss/app.scss' },
    ]);
  });

  it('a stylesheet the build writes: a Maven style plugin, a package script', () => {
    const pom = `<project><build><plugins><plugin>
      <groupId>com.gitlab.haynes</groupId><artifactId>libsass-maven-plugin</artifactId>
      <configuration><inputPath>\${basedir}/styles/</inputPath>
      <outputPath>\${basedir}/src/main/resources/static/css/</outputPath></configuration>
    </plugin></plugins></build></project>`;
    expect(
      found({
        'pom.xml': pom,
        'src/main/resources/static/css/app.css': rules(2),
        'src/main/resources/static/other/app2.css': rules(2),
      }),
    ).toEqual({ 'src/main/resources/static/css/app.css': 'generated' });
    const pkg = JSON.stringify({
      scripts: {
        css: 'sass styles/index.scss public/bundle.css && npx sass themes:public/themes',
        js: 'esbuild src/main.ts --bundle --outfile=public/app.js',
        lint: 'eslint public/hand.js',
      },
    });
    expect(
      found({
        'package.json': pkg,
        'public/bundle.css': rules(2),
        'public/themes/dark.css': rules(2),
        'public/app.js': 'console.log(1);\n',
        'public/hand.js': 'console.log(2);\n',
      }),
    ).toEqual({
      'public/bundle.css': 'generated',
      'public/themes/dark.css': 'generated',
      'public/app.js': 'generated',
    });
  });

  it('markers: a source map reference, a framework banner, one long line; a copy of the library is vendored', () => {
    expect(
      found({
        'static/site.css': `${BOOTSTRAP}${rules(3)}`,
        'static/bootstrap.css': `${BOOTSTRAP}${rules(3)}`,
        'static/jquery-3.7.1.js':
          '/*!\n * jQuery JavaScript Library v3.7.1\n * https://jquery.com/\n */\n(function(){})();\n',
        'static/out.js': 'console.log(1);\n//# sourceMappingURL=out.js.map\n',
        'static/tiny.js': `var a={${'b:1,'.repeat(400)}};\n`,
        'static/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>\n',
        'static/font.svg':
          '<svg xmlns="http://www.w3.org/2000/svg"><defs><font id="f"><font-face units-per-em="2048"/>\n<glyph unicode="a"/>\n</font></defs></svg>\n',
        // hand-written: a licence header without a version, an ordinary stylesheet
        'lib/index.js':
          '/*!\n * express\n * Copyright(c) 2009-2013 TJ Holowaychuk\n * MIT Licensed\n */\nmodule.exports = 1;\n',
        'static/app.css': rules(4),
      }),
    ).toEqual({
      'static/site.css': 'generated',
      'static/bootstrap.css': 'vendored',
      'static/jquery-3.7.1.js': 'vendored',
      'static/out.js': 'generated',
      'static/tiny.js': 'generated',
      'static/font.svg': 'generated',
    });
  });

  it('leave the product: identity names them and the product lines and languages leave them out', async () => {
    const java = 'package app;\n\npublic class App {\n  public static void main(String[] a) {}\n}\n';
    const root = await writeTree({
      'pom.xml': '<project><artifactId>app</artifactId></project>',
      'src/main/java/app/App.java': java,
      'src/main/scss/app.scss': '.a { color: red; }\n',
      'src/main/resources/static/css/app.css': `${BOOTSTRAP}${rules(200)}`,
    });
    const a = await analyse(await workspaceOf(root, 'app'), testContext());
    expect(a.identity?.nonProduct).toContainEqual({
      path: 'src/main/resources/static/css/app.css',
      role: 'generated',
    });
    expect(a.identity?.productPaths).toContain('src/main/resources');
    expect(a.linesByRole?.product).toMatchObject({ files: 2, code: 5 });
    expect(a.linesByRole?.generated).toMatchObject({ files: 1, code: 600 });
    expect(a.files.find((f) => f.path.endsWith('app.css'))?.role).toBe('generated');
    // the whole code base still counts the stylesheet; the languages the team wrote do not
    expect(a.languages[0]!.language).toBe('CSS');
    expect(writtenLanguages(a.languages).map((l) => [l.language, l.files, l.code])).toEqual([
      ['Java', 1, 4],
      ['SCSS', 1, 1],
      ['XML', 1, 1],
    ]);
  });
});

describe('source a generator wrote, by its header', () => {
  const big = 'x = 1\n'.repeat(50);
  it('Go "Code generated … DO NOT EDIT.", @generated, <auto-generated>, "autogenerated … do not edit"', () => {
    expect(
      found({
        'api/v1/service.pb.go': `// Code generated by protoc-gen-go. DO NOT EDIT.\n// source: service.proto\n\npackage v1\n${big}`,
        'src/__generated__/schema.ts': `/**\n * @generated SignedSource<<abc>>\n */\nexport type A = string;\n`,
        'Client/Api.cs':
          '//------------------------------------------------------------------------------\n// <auto-generated>\n//     This code was generated by a tool.\n// </auto-generated>\nclass A {}\n',
        'app/client.py': `# This file is autogenerated by openapi-generator.\n# Do not edit it by hand: changes will be lost.\n${big}`,
      }),
    ).toEqual({
      'api/v1/service.pb.go': 'generated',
      'src/__generated__/schema.ts': 'generated',
      'Client/Api.cs': 'generated',
      'app/client.py': 'generated',
    });
  });

  it('"auto-generated by" a tool in a file named as generated (`sdk.gen.ts`, `_pb2.py`)', () => {
    expect(
      found({
        'frontend/src/client/sdk.gen.ts': `// This file is auto-generated by @hey-api/openapi-ts\n\n${big}`,
        'proto/service_pb2.py': `# Generated by the protocol buffer compiler.\n${big}`,
        // the same words in a file named like any other stay the team's
        'frontend/src/client/index.ts': `// This file is auto-generated by @hey-api/openapi-ts\n\n${big}`,
      }),
    ).toEqual({
      'frontend/src/client/sdk.gen.ts': 'generated',
      'proto/service_pb2.py': 'generated',
    });
  });

  it('not a hand-written file that only mentions generation, nor the marker deep in the file', () => {
    expect(
      found({
        // Sphinx's quickstart says "autogenerated" in a file the team edits
        'docs/conf.py':
          '# Configuration file, created by sphinx-quickstart.\n# Not all values are present in this autogenerated file.\nproject = "x"\n',
        'src/model/Base.java': 'class Base {\n  @GeneratedValue(strategy = IDENTITY)\n  Integer id;\n}\n',
        'src/render.ts': `${'const a = 1;\n'.repeat(30)}// Code generated by the compiler. DO NOT EDIT this condition.\n`,
        'tools/gen.go': '// gen writes tables.go; the generated file says do not edit\npackage main\n',
      }),
    ).toEqual({});
  });
});

describe('data tables', () => {
  const rows = (n: number, row: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => row(i)).join('\n');
  it('a file that is mostly literal rows is data; code with literals is not', () => {
    const src = sourcesFromMap({
      'src/tables.rs': `// generated by hand\npub const RANGES: &[(u32, u32)] = &[\n${rows(400, (i) => `    (0x${i.toString(16)}, ${i * 2}),`)}\n];\n`,
      'src/countries.ts': `export const COUNTRIES = [\n${rows(350, (i) => `  {\n    code: "C${i}",\n    name: 'Country ${i}',\n  },`)}\n];\n`,
      'src/words.py': `WORDS = [\n${rows(500, (i) => `    "word${i}",`)}\n]\n`,
      'src/app.ts': rows(400, (i) => `  const v${i} = compute("k${i}", ${i});`),
      'src/small.ts': `export const A = [\n${rows(50, (i) => `  ${i},`)}\n];\n`,
    });
    expect(
      dataTables(
        src,
        src.files.map((f) => f.path),
      ),
    ).toEqual(['src/tables.rs', 'src/countries.ts', 'src/words.py']);
  });
});

describe('files of TypeScript type declarations', () => {
  const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('\n');
  it('are compile-time only when every statement declares a type, a namespace of types or abstract members', () => {
    const src = sourcesFromMap({
      'src/types.ts': `import type { X } from './x'\n// the app's types\n${many(120, (i) => `export type T${i}<\n  A,\n> = A | 'v${i}'`)}\nexport interface Env {\n  class?: string\n  var: number\n}\nexport abstract class Like {\n  abstract readonly request: Request\n  abstract waitUntil(p: Promise<void>): void\n}\n`,
      'src/jsx.ts': `export namespace JSX {\n${many(320, (i) => `  export interface E${i} {\n    async?: boolean\n  }`)}\n}\n`,
      // a value among the types: code that runs
      'src/mixed.ts': `${many(320, (i) => `export type T${i} = string`)}\nexport const helper = () => 1\n`,
      'src/ns.ts': `export namespace N {\n${many(320, (i) => `  export type T${i} = string`)}\n  export const x = 1\n}\n`,
      'src/base.ts': `${many(320, (i) => `export type T${i} = string`)}\nexport abstract class B {\n  abstract a(): void\n  run() {}\n}\n`,
      'src/short.ts': 'export type A = string\n',
    });
    expect(
      typeDeclarationFiles(
        src,
        src.files.map((f) => f.path),
      ),
    ).toEqual(['src/types.ts', 'src/jsx.ts']);
  });
});

describe('a generator whose output header names it', () => {
  it('is the generator, not generated: the marker sits in the text it writes', () => {
    const generator = [
      "'use strict'",
      "const fs = require('node:fs')",
      'function build (code) {',
      '  const moduleCode = `// This file is autogenerated by build/build-validation.js, do not edit',
      '/* c8 ignore start */',
      '${code}',
      '`',
      "  fs.writeFileSync('lib/config-validator.js', moduleCode)",
      '}',
    ].join('\n');
    const output =
      '// This file is autogenerated by build/build-validation.js, do not edit\nmodule.exports = 1\n';
    const roles = found({ 'build/build-validation.js': generator, 'lib/config-validator.js': output });
    expect(roles['build/build-validation.js']).toBeUndefined();
    expect(roles['lib/config-validator.js']).toBe('generated');
  });
});
