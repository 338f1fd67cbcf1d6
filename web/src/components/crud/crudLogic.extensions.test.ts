import { describe, expect, it } from 'vitest';
import { rowKeysDeep } from './crudLogic';

describe('rowKeysDeep (tree data)', () => {
  it('collects the keys of the rows and of every row nested in them', () => {
    const rows = [{ id: 1, children: [{ id: 11, children: [{ id: 111 }] }, { id: 12 }] }, { id: 2, children: [] }, { id: 3 }];
    expect([...rowKeysDeep(rows, (r) => String(r.id))]).toEqual(['1', '11', '111', '12', '2', '3']);
  });

  it('is the plain keys for flat rows', () => {
    expect([...rowKeysDeep([{ id: 'a' }, { id: 'b' }], (r) => r.id)]).toEqual(['a', 'b']);
  });
});
