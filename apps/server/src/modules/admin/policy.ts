/** Who runs this instance, as far as the admin area is concerned. */
export interface InstanceAdmins {
  /** ADMIN_EMAILS, lower-cased; empty when unset. */
  adminEmails: string[];
  /** The earliest registered account, which administers the instance when ADMIN_EMAILS is unset. */
  firstUserId: string | undefined;
}

/** May see the instance's error reports, feedback and insights. */
export function canAdministerInstance(user: { id: string; email: string }, admins: InstanceAdmins): boolean {
  if (admins.adminEmails.length > 0) return admins.adminEmails.includes(user.email.toLowerCase());
  return user.id === admins.firstUserId;
}
