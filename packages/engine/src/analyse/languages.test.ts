import { describe, expect, it } from 'vitest';
import { languagesPass, textLines } from './languages.ts';
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

  it('numbers lines as an editor does', () => {
    expect([textLines(''), textLines('a'), textLines('a\n'), textLines('a\r\nb'), textLines('\n\n')]).toEqual(
      [0, 1, 1, 2, 2],
    );
  });
});
