import { describe, expect, it } from 'vitest';
import { type PolicyRow, policyCases } from '../../../test/support/policy-table';
import { canDeleteMessage, canEditMessage, canPostMessage } from './policy';

const table: PolicyRow[] = [
  ['post a message or react to one', canPostMessage, [true, true, true, false, false]],
  ['edit a message they wrote', (role) => canEditMessage(role, true), [true, true, true, false, false]],
  ['edit a message someone else wrote', (role) => canEditMessage(role, false), [false, false, false, false, false]],
  ['delete a message they wrote', (role) => canDeleteMessage(role, true), [true, true, true, false, false]],
  ['delete a message someone else wrote', (role) => canDeleteMessage(role, false), [true, true, false, false, false]],
];

const cases = policyCases(table);

describe('messages policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });
});
