import { describe, expect, it } from 'vitest';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';
import { systemPropertiesPass } from './system-properties.ts';

const read = (files: Record<string, string>) => {
  const src = sourcesFromMap(files);
  return systemPropertiesPass(src, languagesPass(src).files);
};

describe('JVM system properties', () => {
  it('reads each form with the default it gives, names held in constants too', () => {
    const props = read({
      'src/main/java/org/acme/Consts.java': [
        'package org.acme;',
        'public final class Consts {',
        '    public static final String UseFast = "acme.useFast";',
        '}',
      ].join('\n'),
      'src/main/java/org/acme/Config.java': [
        'package org.acme;',
        'class Config {',
        '    private static final String KEY = "acme.key";',
        '    // System.getProperty("acme.commented")',
        '    boolean fast = Boolean.parseBoolean(System.getProperty(Consts.UseFast, "true"));',
        '    String key = System.getProperty(KEY);',
        '    boolean debug = Boolean.getBoolean("acme.debug");',
        '    int size = Integer.getInteger("acme.size", 64);',
        '    String home = System.getProperty("user.home");',
        '}',
      ].join('\n'),
      'src/main/kotlin/org/acme/Limits.kt': 'val max = java.lang.Long.getLong("acme.max", 10L)\n',
      'src/test/java/org/acme/ConfigTest.java': 'class T { String s = System.getProperty("acme.test"); }\n',
    });
    expect(props).toEqual([
      { name: 'acme.useFast', file: 'src/main/java/org/acme/Config.java', line: 5, defaultValue: 'true' },
      { name: 'acme.key', file: 'src/main/java/org/acme/Config.java', line: 6 },
      { name: 'acme.debug', file: 'src/main/java/org/acme/Config.java', line: 7, defaultValue: 'false' },
      { name: 'acme.size', file: 'src/main/java/org/acme/Config.java', line: 8, defaultValue: '64' },
      { name: 'acme.max', file: 'src/main/kotlin/org/acme/Limits.kt', line: 1, defaultValue: '10L' },
    ]);
  });
});
