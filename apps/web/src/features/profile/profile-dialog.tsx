import type { RefObject } from 'react';
import { Dialog } from '../../ui/dialog';
import { TokensSection } from '../tokens/tokens-section';
import { ProfileForm } from './profile-form';

export interface ProfileDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The control that opened the dialog (through a menu that is gone by the time it closes). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ProfileDialog({ open, onOpenChange, returnFocusTo }: ProfileDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title="Profile"
      description="How other people see you in Deckhand, and how Deckhand looks on this device."
    >
      <ProfileForm onDone={() => onOpenChange(false)} />
      {/* After the form, not in it: the section has a form of its own, and its own buttons. */}
      <div className="mt-6">
        <TokensSection />
      </div>
    </Dialog>
  );
}
