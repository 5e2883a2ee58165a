import type { ReactNode } from 'react';

interface TermsSection {
  title: string;
  body: ReactNode;
}

/** The text of the terms, one entry per heading. Written for any instance: the operator is whoever runs it. */
export const termsSections: readonly TermsSection[] = [
  {
    title: 'Who you are dealing with',
    body: (
      <p>
        Deckhand is software that anyone can install on their own server. This instance is run by its operator: the
        person or organisation that installed it and gave you access. The operator, not the authors of the Deckhand
        software, provides this service to you and is responsible for it. If you have a question about these terms, your
        account or your data, ask the operator, for example the administrator who invited you.
      </p>
    ),
  },
  {
    title: 'Your account',
    body: (
      <ul>
        <li>Give a real email address: it is used to verify your account and to reset your password.</li>
        <li>Keep your password to yourself. You are responsible for what is done with your account.</li>
        <li>Tell the operator at once if you think someone else has used your account.</li>
      </ul>
    ),
  },
  {
    title: 'Your content and where it is kept',
    body: (
      <>
        <p>
          What you write and upload (cards, messages, tasks, files) remains yours. You allow the operator and the
          members of your projects to store, show and process it as far as needed to run Deckhand for you.
        </p>
        <p>
          Everything is stored on the servers the operator chose, in the database and file storage of this instance. The
          authors of the Deckhand software do not receive your data. The operator decides about backups and how long
          data is kept, and can tell you how to get a copy of your data or have your account deleted.
        </p>
      </>
    ),
  },
  {
    title: 'What this instance records',
    body: (
      <ul>
        <li>Your account: name, email address, profile colour and picture, and your password as a one-way hash.</li>
        <li>
          Usage events, such as opening the app or creating a card, so the operator can see how the instance is used.
        </li>
        <li>Error reports, and the feedback and screenshots you choose to send.</li>
        <li>
          One cookie that keeps you signed in, and in your browser's storage your sign-in token and theme choice. No
          advertising or third-party tracking.
        </li>
      </ul>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <>
        <p>Do not use this instance to:</p>
        <ul>
          <li>break the law, or store or share content you have no right to share;</li>
          <li>harass, threaten or deceive other people, or send spam;</li>
          <li>upload malware, or probe, overload or get around the security of the instance;</li>
          <li>access projects, accounts or data that are not meant for you.</li>
        </ul>
        <p>The operator may remove content and suspend or close accounts that break these rules.</p>
      </>
    ),
  },
  {
    title: 'Availability and changes',
    body: (
      <p>
        The operator runs this instance as they see fit and may change, interrupt or stop it. Unless you have agreed
        otherwise with the operator, there is no promise of availability, support or response times. Keep your own
        copies of anything you cannot afford to lose.
      </p>
    ),
  },
  {
    title: 'No warranty',
    body: (
      <p>
        Deckhand is provided as is and as available, without warranty of any kind, express or implied, including fitness
        for a particular purpose and freedom from errors. The software is open source and comes with no warranty from
        its authors.
      </p>
    ),
  },
  {
    title: 'Liability',
    body: (
      <p>
        As far as the law allows, neither the operator nor the authors of the software are liable for indirect or
        consequential loss, or for loss of data, profits or business, arising from the use of this instance. Nothing in
        these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    title: 'Ending and changes to these terms',
    body: (
      <p>
        You can stop using this instance at any time and ask the operator to delete your account. The operator may
        update these terms; the version on this page applies from the moment it is published, and using the instance
        afterwards means you accept it.
      </p>
    ),
  },
];
