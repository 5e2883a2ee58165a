import { describe, expect, it } from 'vitest';
import { canAdministerInstance, type InstanceAdmins } from './policy';

const ann = { id: 'ann', email: 'Ann@Example.test' };
const ben = { id: 'ben', email: 'ben@example.test' };
/** ADMIN_EMAILS names Ann (lower-cased, as config parsing leaves it); Ben registered first. */
const listingAnn: InstanceAdmins = { adminEmails: ['ann@example.test'], firstUserId: 'ben' };
/** ADMIN_EMAILS unset; Ann registered first. */
const unset: InstanceAdmins = { adminEmails: [], firstUserId: 'ann' };
const unsetAndEmpty: InstanceAdmins = { adminEmails: [], firstUserId: undefined };

const table: [who: string, user: { id: string; email: string }, admins: InstanceAdmins, allowed: boolean][] = [
  ['a user ADMIN_EMAILS lists, whatever the case of their email', ann, listingAnn, true],
  ['the first user when ADMIN_EMAILS lists others', ben, listingAnn, false],
  ['the first user when ADMIN_EMAILS is unset', ann, unset, true],
  ['a later user when ADMIN_EMAILS is unset', ben, unset, false],
  ['anyone while no account exists and ADMIN_EMAILS is unset', ann, unsetAndEmpty, false],
];

const cases = table.map(([who, user, admins, allowed]) => ({
  name: `${who} ${allowed ? 'administers' : 'does not administer'} the instance`,
  user,
  admins,
  allowed,
}));

describe('admin policy', () => {
  it.each(cases)('$name', ({ user, admins, allowed }) => {
    expect(canAdministerInstance(user, admins)).toBe(allowed);
  });
});
