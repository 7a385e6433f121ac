// The purpose paragraph: the README's sentence that says what the project is, and what follows it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../analyse/types.ts';
import { purposeParagraph } from './identity-text.ts';
import type { Workspace } from '../types.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'atr-purpose-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function paragraphOf(readme: string, line: number, text: string) {
  writeFileSync(path.join(root, 'README.md'), readme);
  const a = { identity: { purpose: { text, source: { path: 'README.md', line } } } } as unknown as Analysis;
  return purposeParagraph(a, { root } as Workspace)!.sentences;
}

describe('purpose paragraph', () => {
  it('takes the next paragraph about the same thing after a one-line purpose, past notes on the README', () => {
    const readme = [
      '# tool',
      '',
      '`tool` is a handy way to save and run project-specific commands.',
      '',
      'This readme is also available as a [book](https://example.org/book).',
      '',
      'Commands, called recipes, are stored in a file called `toolfile`:',
      '',
      '```make',
      'build:',
      '```',
    ].join('\n');
    expect(paragraphOf(readme, 3, 'tool is a handy way to save and run project-specific commands.')).toEqual([
      'tool is a handy way to save and run project-specific commands.',
      'Commands, called recipes, are stored in a file called toolfile.',
    ]);
  });

  it('leaves out popularity, support and set-up paragraphs', () => {
    const readme = [
      'Fetch is a simple, yet elegant, HTTP library.',
      '',
      'Fetch is one of the most downloaded packages today, with 300M downloads a week.',
      '',
      'Fetch officially supports Python 3.10+.',
      '',
      'You first need to clone the project and set up your requests environment.',
    ].join('\n');
    expect(paragraphOf(readme, 1, 'Fetch is a simple, yet elegant, HTTP library.')).toEqual([
      'Fetch is a simple, yet elegant, HTTP library.',
    ]);
  });
});
