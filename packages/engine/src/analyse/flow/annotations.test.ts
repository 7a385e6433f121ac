// Caches and validators a JVM product declares by annotation are found with the methods they bind.
import { describe, expect, it } from 'vitest';
import { annotatedBehaviour } from './annotations.ts';
import { fileModel } from './index.ts';

describe('annotatedBehaviour()', () => {
  it('finds cached methods, where caching is switched on, and validators bound in @InitBinder', () => {
    const repo = fileModel(
      'src/shop/ItemRepository.java',
      'Java',
      [
        'public interface ItemRepository extends Repository<Item, Integer> {',
        '',
        '    @Transactional(readOnly = true)',
        '    @Cacheable("items")',
        '    Collection<Item> findAll();',
        '',
        '}',
      ].join('\n'),
    );
    const config = fileModel(
      'src/shop/CacheConfig.java',
      'Java',
      ['@Configuration', '@EnableCaching', 'class CacheConfig {', '}'].join('\n'),
    );
    const controller = fileModel(
      'src/shop/ItemController.java',
      'Java',
      [
        '@Controller',
        'class ItemController {',
        '',
        '    @InitBinder("item")',
        '    public void initItemBinder(WebDataBinder dataBinder) {',
        '        dataBinder.setValidator(new ItemValidator());',
        '    }',
        '',
        '    @InitBinder',
        '    public void setAllowedFields(WebDataBinder dataBinder) {',
        '        dataBinder.setDisallowedFields("id");',
        '    }',
        '}',
      ].join('\n'),
    );
    expect(annotatedBehaviour([repo, config, controller])).toEqual({
      caches: [
        {
          cache: 'items',
          method: 'findAll',
          owner: 'ItemRepository',
          path: 'src/shop/ItemRepository.java',
          line: 4,
        },
      ],
      enabled: { path: 'src/shop/CacheConfig.java', line: 2 },
      validators: [
        {
          validator: 'ItemValidator',
          form: 'item',
          owner: 'ItemController',
          path: 'src/shop/ItemController.java',
          line: 6,
        },
      ],
    });
  });
});
