import { type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/** DESIGN.md §5: members and up upload; viewers see and download files but add none. */
export function canUploadFiles(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'member');
}

/** Its uploader (while still able to write), or an admin or the owner. */
export function canDeleteFile(role: ProjectRole | null, isUploader: boolean): boolean {
  return roleAtLeast(role, 'admin') || (isUploader && roleAtLeast(role, 'member'));
}
