import { describe, expect, it } from 'vitest';
import { adoptLayoutRoles, languagesPass, textLines } from './languages.ts';
import { sourcesFromMap } from './sources.ts';

describe('languagesPass', () => {
  it('records the lines of a text file without a language, so its lines can be cited', () => {
    const src = sourcesFromMap({
      'docker/.env.example': '# copy to .env\nDB_NAME=hc\n\nDB_PASSWORD=fixme\n',
      '.gitignore': 'node_modules\ndist',
      'app.py': 'x = 1\n',
    });
    const { files, totals } = languagesPass(src);
    const env = files.find((f) => f.path === 'docker/.env.example')!;
    expect(env).toMatchObject({ language: null, code: 0, comment: 0, blank: 0, lines: 4 });
    expect(files.find((f) => f.path === '.gitignore')?.lines).toBe(2);
    // only code counts towards the totals; a file with a language keeps its own counts
    expect(totals).toEqual({ code: 1, comment: 0, blank: 0 });
    expect(files.find((f) => f.path === 'app.py')?.lines).toBeUndefined();
  });

  it('counts a copied file once, as its first copy, whatever other files share its size', () => {
    const src = sourcesFromMap({
      'a.py': 'x = 1\n',
      'b.py': 'y = 2\n',
      'c.py': 'y = 2\n',
      'd.py': 'x = 1\n',
      'e.py': 'x = 1\ny = 2\n',
    });
    const { files, totals } = languagesPass(src);
    expect(Object.fromEntries(files.map((f) => [f.path, f.duplicateOf ?? null]))).toEqual({
      'a.py': null,
      'b.py': null,
      'c.py': 'b.py',
      'd.py': 'a.py',
      'e.py': null,
    });
    expect(totals.code).toBe(4);
  });

  it('numbers lines as an editor does', () => {
    expect([textLines(''), textLines('a'), textLines('a\n'), textLines('a\r\nb'), textLines('\n\n')]).toEqual(
      [0, 1, 1, 2, 2],
    );
  });
});

describe('roles the layout gives', () => {
  it('a file the path took for product moves, with its lines, to the role its layout gives it', () => {
    const src = sourcesFromMap({
      'src/main/java/a/Core.java': 'package a;\nclass Core {}\n',
      'src/main/java/a/examples/Demo.java': 'package a.examples;\nclass Demo {}\n',
      'hc/test.py': 'class BaseTestCase:\n    pass\n',
    });
    const result = languagesPass(src);
    const area = (p: string) =>
      p.includes('/examples/') ? 'examples' : p === 'hc/test.py' ? 'tests' : 'product';
    adoptLayoutRoles(result, area);
    expect(result.files.find((f) => f.path === 'src/main/java/a/examples/Demo.java')?.role).toBe('examples');
    expect(result.byRole.product).toMatchObject({ files: 1, code: 2 });
    expect(result.byRole.examples).toMatchObject({ files: 1, code: 2 });
    expect(result.byRole.tests).toMatchObject({ files: 1, code: 2 });
    expect(result.languages.find((l) => l.language === 'Java')?.byRole?.examples?.code).toBe(2);
  });
});
