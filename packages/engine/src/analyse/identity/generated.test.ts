import { describe, expect, it } from 'vitest';
import { writeTree, workspaceOf, testContext } from '../test-helpers.ts';
import { analyse } from '../index.ts';
import { writtenLanguages } from '../languages.ts';
import { sourcesFromMap } from '../sources.ts';
import { generatedFiles } from './generated.ts';

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
