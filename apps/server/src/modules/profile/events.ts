import type { Profile } from '@deckhand/contract/profile';
import type { EventBase } from '../../platform/domain-events';

/** The welcome mail as of the moment the greeting was claimed. */
export interface GreetingMail {
  to: string;
  name: string;
}

/** The domain events of profiles. */
export interface ProfileEvents {
  /** A change of the person's own profile (any of its fields), with the profile before and after. */
  'profile.updated': EventBase & { userId: string; profile: Profile; previous: Profile };
  /** The account's one welcome mail was claimed (`greeting_sent_at`); `mail` is what goes to its own address. */
  'profile.greeted': EventBase & { userId: string; mail: GreetingMail };
}
