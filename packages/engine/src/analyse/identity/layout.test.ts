import { describe, expect, it } from 'vitest';
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
