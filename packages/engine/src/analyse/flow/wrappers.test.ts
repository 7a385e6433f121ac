// The product's own adapters: code handed an instance of the entry's type that calls the entry on it.

import { describe, expect, it } from 'vitest';
import { fileModel } from './index.ts';
import { entryWrappers } from './wrappers.ts';

describe('entry wrappers', () => {
  const entry = { name: 'fetch', owner: 'App', path: 'src/app.ts', line: 10 };
  const files: Record<string, string[]> = {
    'src/app.ts': ['export class App {', '  fetch(req: Request) {', '    return this.fetch(req)', '  }', '}'],
    'src/adapter/edge/handler.ts': [
      "import type { App } from '../../app'",
      '',
      'export const handle = (app: App<any>) => (req: Request) => {',
      '  return app.fetch(req)',
      '}',
    ],
    'src/helper/render.ts': [
      "import { App } from '../app'",
      'export const render = (options: { app?: App }) => options.app?.toString()',
      'const other = new App()',
      'other.fetch(new Request("/"))',
    ],
  };
  const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'TypeScript', lines.join('\n')));

  it('finds the files that call the entry on an instance typed as its owner, not the entry file or an app they make', () => {
    expect(entryWrappers(models, entry)).toEqual([{ path: 'src/adapter/edge/handler.ts', line: 4 }]);
  });

  it('finds none for an entry that belongs to no type', () => {
    expect(entryWrappers(models, { ...entry, owner: undefined })).toEqual([]);
  });
});
