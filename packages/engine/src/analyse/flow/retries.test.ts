// A function that calls itself with its attempt count raised is found with its limit, pause and condition.
import { describe, expect, it } from 'vitest';
import { fileModel } from './index.ts';
import { selfRetries } from './retries.ts';

describe('selfRetries()', () => {
  it('finds a retry with its limit from the default, its pause and the condition it sits in', () => {
    const m = fileModel(
      'lib/db.ts',
      'TypeScript',
      [
        'const save = async (row: Row, retryCount = 0, maxRetries = 3) => {',
        '  const { error } = await db.upsert(row);',
        "  if (error?.message.includes('foreign key')) {",
        '    if (retryCount < maxRetries) {',
        '      await new Promise((resolve) => setTimeout(resolve, 2000));',
        '      await save(row, retryCount + 1, maxRetries);',
        '    }',
        '  }',
        '};',
        'const walk = (n: number) => (n > 0 ? walk(n - 1) : 0);',
      ].join('\n'),
    );
    expect(selfRetries([m])).toEqual([
      {
        name: 'save',
        path: 'lib/db.ts',
        line: 6,
        max: 3,
        pause: '2000 ms',
        when: "error?.message.includes('foreign key')",
      },
    ]);
  });
});
