import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ProfileDialog } from '../features/profile/profile-dialog';
import { useAuth } from '../lib/auth-context';
import { useReportAProblem } from '../lib/errors/use-report-a-problem';
import { Avatar } from '../ui/avatar';
import { Menu } from '../ui/menu';
import { MenuItem } from '../ui/menu-item';

/** The header's Account button (the avatar) and its menu: Profile, Report a problem, Sign out (DESIGN.md §6). */
export function AccountMenu() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [profileOpen, setProfileOpen] = useState(false);
  const accountButton = useRef<HTMLButtonElement>(null);
  const reportAProblem = useReportAProblem();

  return (
    <>
      <Menu
        trigger={
          <button
            ref={accountButton}
            type="button"
            aria-label="Account"
            title={user ? `${user.name} (${user.email})` : undefined}
            className="inline-flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Avatar
              name={user?.name || user?.email || '?'}
              color={user?.color ?? ''}
              avatarUrl={user?.avatarUrl ?? ''}
            />
          </button>
        }
      >
        <MenuItem onSelect={() => setProfileOpen(true)}>Profile</MenuItem>
        <MenuItem onSelect={reportAProblem}>Report a problem</MenuItem>
        <MenuItem onSelect={() => navigate('/logout')}>Sign out</MenuItem>
      </Menu>
      <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} returnFocusTo={accountButton} />
    </>
  );
}
