import { describe, expect, it } from 'vitest';
import { type PolicyRow, policyCases } from '../../../test/support/policy-table';
import { canManageStatuses, canWriteTasks } from './policy';

const table: PolicyRow[] = [
  ['create, change, move and delete tasks', canWriteTasks, [true, true, true, false, false]],
  ["add, edit, reorder and delete the board's statuses", canManageStatuses, [true, true, false, false, false]],
];

const cases = policyCases(table);

describe('tasks policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });
});
