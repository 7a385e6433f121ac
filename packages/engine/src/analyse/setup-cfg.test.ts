// setuptools' declarative setup.cfg: its requirements become dependencies, its console scripts make a CLI.
import { describe, expect, it } from 'vitest';
import { dependenciesPass } from './dependencies.ts';
import { readManifestFacts } from './identity/manifest-facts.ts';
import { consoleScripts, iniEntries } from './setup-cfg.ts';
import { sourcesFromMap } from './sources.ts';

const CFG = [
  '[metadata]',
  'name = httpx-cli',
  'description = A friendly HTTP client for the terminal.',
  '',
  '[options]',
  'packages = find:',
  'python_requires = >=3.7',
  'install_requires =',
  '    charset_normalizer>=2.0.0',
  '    requests[socks] >=2.22.0',
  '    # a comment between requirements',
  '    Pygments>=2.5.2',
  '',
  '[options.extras_require]',
  'dev =',
  '    pytest',
  'brotli =',
  '    brotli; platform_python_implementation == "CPython"',
  '',
  '[options.entry_points]',
  'console_scripts =',
  '    http = httpx_cli.__main__:main',
  '    httpx-cli = httpx_cli.manager.__main__:main',
].join('\n');

describe('setup.cfg', () => {
  it('reads INI entries with their continuation lines and line numbers', () => {
    const e = iniEntries(CFG).find((x) => x.key === 'install_requires')!;
    expect(e.section).toBe('options');
    expect(e.items).toEqual([
      { text: 'charset_normalizer>=2.0.0', line: 9 },
      { text: 'requests[socks] >=2.22.0', line: 10 },
      { text: 'Pygments>=2.5.2', line: 12 },
    ]);
  });

  it('declares runtime, optional and development requirements', () => {
    const { dependencies, manifests } = dependenciesPass(sourcesFromMap({ 'setup.cfg': CFG }));
    expect(manifests).toEqual([
      expect.objectContaining({ path: 'setup.cfg', name: 'httpx-cli', ecosystem: 'pip' }),
    ]);
    const by = (n: string) => dependencies.find((d) => d.name === n);
    expect(by('requests')).toMatchObject({ scope: 'runtime', version: '>=2.22.0', line: 10 });
    expect(by('Pygments')).toMatchObject({ scope: 'runtime', line: 12 });
    expect(by('pytest')).toMatchObject({ scope: 'dev' });
    expect(by('brotli')).toMatchObject({ scope: 'optional' });
    expect(dependencies).toHaveLength(5);
  });

  it('gives its console scripts, as setup.py does in entry_points', () => {
    const facts = readManifestFacts(sourcesFromMap({ 'setup.cfg': CFG }));
    expect(facts.name).toBe('httpx-cli');
    expect(facts.pyScripts).toEqual([
      { name: 'http', target: 'httpx_cli.__main__:main', line: 22 },
      { name: 'httpx-cli', target: 'httpx_cli.manager.__main__:main', line: 23 },
    ]);
    const py = readManifestFacts(
      sourcesFromMap({
        'setup.py':
          "from setuptools import setup\n\nsetup(\n    name='tool',\n    entry_points={\n        'console_scripts': [\n            'tool = tool.cli:run',\n        ],\n    },\n)\n",
      }),
    );
    expect(py.pyScripts).toEqual([{ name: 'tool', target: 'tool.cli:run', line: 7 }]);
    expect(consoleScripts([{ text: 'not a script', line: 1 }])).toEqual([]);
  });
});
