import { describe, expect, it } from 'vitest';
import { AI_HOME_ENTRY, ORG_INFO_ENTRY, entriesOf } from './homeLogic';

describe('我的组织 index entries', () => {
  it('offers AI主页 to every holder of 我的组织, and 组织档案 with the org profile’s grant, in order', () => {
    const held = new Set(['portal_myorg', 'profile_org']);
    const entries = entriesOf((code) => held.has(code), []);
    expect(entries.map((e) => e.name)).toEqual([ORG_INFO_ENTRY.name, AI_HOME_ENTRY.name]);
    expect(entries[1].path).toBe('/portal/myOrg/aiHome');
  });

  it('offers nothing the user does not hold', () => {
    expect(entriesOf(() => false, [])).toEqual([]);
  });
});
