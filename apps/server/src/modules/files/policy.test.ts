import { describe, expect, it } from 'vitest';
import { type PolicyRow, policyCases } from '../../../test/support/policy-table';
import { canDeleteFile, canUploadFiles } from './policy';

const table: PolicyRow[] = [
  ['upload files', canUploadFiles, [true, true, true, false, false]],
  ['delete a file they uploaded', (role) => canDeleteFile(role, true), [true, true, true, false, false]],
  ['delete a file someone else uploaded', (role) => canDeleteFile(role, false), [true, true, false, false, false]],
];

const cases = policyCases(table);

describe('files policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });
});
