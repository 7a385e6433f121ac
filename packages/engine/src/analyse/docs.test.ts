// Which files are the project's documentation: its pages, a documentation site's sources, man pages.
import { describe, expect, it } from 'vitest';
import { docsPass } from './docs.ts';
import { projectReadme } from './identity/purpose.ts';
import { sourcesFromMap } from './sources.ts';

describe('documentation files', () => {
  it("takes a docs site's pages and a man page, not a source folder's notes or a numbered data file", () => {
    const { files } = docsPass(
      sourcesFromMap({
        'README.md': '# tool\n',
        'CONTRIBUTING.md': 'how to help\n',
        'site/content/user_guide.md': '# Guide\n',
        'doc/tool.1': '.TH TOOL 1\n',
        'man/man1/tool.1': '.TH TOOL 1\n',
        'src/notes.md': 'internal\n',
        'data/run.1': 'plain\n',
      }),
    );
    expect(files.sort()).toEqual([
      'CONTRIBUTING.md',
      'doc/tool.1',
      'man/man1/tool.1',
      'site/content/user_guide.md',
    ]);
  });

  it('reads the README GitHub shows: .github/ before the root, a root link to a README inside the tree as its target', () => {
    expect(
      projectReadme(sourcesFromMap({ 'README.md': 'for developers\n', '.github/README.md': '# Web\n' })),
    ).toBe('.github/README.md');
    const linked = sourcesFromMap({ 'web/README.md': '# web\n', 'web-core/README.md': '# core\n' });
    linked.links = new Map([['README.md', 'web/README.md']]);
    expect(projectReadme(linked)).toBe('web/README.md');
    expect(docsPass(linked).readme?.path).toBe('web/README.md');
    expect(projectReadme(sourcesFromMap({ 'docs/README.md': '# d\n', 'README.rst': 'r\n' }))).toBe(
      'README.rst',
    );
  });
});
