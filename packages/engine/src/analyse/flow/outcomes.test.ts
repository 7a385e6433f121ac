// A server-rendered handler's answers are read from the view names and redirects it returns.
import { describe, expect, it } from 'vitest';
import { fileModel } from './index.ts';
import { handlerOutcomes } from './outcomes.ts';

describe('handlerOutcomes()', () => {
  it('reads the views and redirects a handler returns, and those a helper of its type returns for it', () => {
    const m = fileModel(
      'src/shop/OrderController.java',
      'Java',
      [
        '@Controller',
        'class OrderController {',
        '',
        '    @GetMapping("/orders")',
        '    public String list(Order order, BindingResult result, Model model) {',
        '        Page<Order> found = findPage(order.getCustomer());',
        '        if (found.isEmpty()) {',
        '            return "orders/findOrders";',
        '        }',
        '        if (found.getTotalElements() == 1) {',
        '            return "redirect:/orders/" + found.iterator().next().getId();',
        '        }',
        '        return fill(model, found);',
        '    }',
        '',
        '    private String fill(Model model, Page<Order> page) {',
        '        model.addAttribute("orders", page.getContent());',
        '        return "orders/orderList";',
        '    }',
        '}',
      ].join('\n'),
    );
    expect(handlerOutcomes(m, 5)).toEqual([
      { kind: 'view', target: 'orders/findOrders', line: 8, when: 'found.isEmpty()' },
      // the appended id is a placeholder, not cut off at the literal prefix
      { kind: 'redirect', target: '/orders/{id}', line: 11, when: 'found.getTotalElements() == 1' },
      { kind: 'view', target: 'orders/orderList', line: 13, via: 'fill' },
    ]);
    // a helper answers for the handler only: on its own it has one outcome, no choice
    expect(handlerOutcomes(m, 16)).toEqual([]);
  });
});
