// A step that switches on a value's kind is read as arms: the cases of each and the product functions they call.
import { describe, expect, it } from 'vitest';
import { switchArms } from './dispatch.ts';
import { fileModel } from './index.ts';

describe('switchArms()', () => {
  it("pairs each arm's cases with the product functions it calls, up to the default", () => {
    const m = fileModel(
      'app/hook.ts',
      'TypeScript',
      [
        'export async function POST(req: Request) {',
        '  const event = await parse(req);',
        '  switch (event.type) {',
        "    case 'product.created':",
        "    case 'product.updated':",
        '      await saveProduct(event.data);',
        '      break;',
        "    case 'price.deleted':",
        '      console.log(event.id);',
        '      await dropPrice(event.data);',
        '      break;',
        "    case 'ignored':",
        '      break;',
        '    default:',
        "      throw new Error('Unhandled');",
        '  }',
        '}',
      ].join('\n'),
    );
    const product = new Set(['saveProduct', 'dropPrice', 'parse']);
    expect(switchArms(m, 1, 17, (n) => product.has(n))).toEqual({
      subject: 'event.type',
      line: 3,
      arms: [
        { cases: ['product.created', 'product.updated'], calls: ['saveProduct'], line: 4 },
        { cases: ['price.deleted'], calls: ['dropPrice'], line: 8 },
      ],
    });
  });
});
