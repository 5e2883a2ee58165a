import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { DotsLoader } from '../../ui/dots-loader';
import { EmptyState } from '../../ui/empty-state';
import { RetryPanel } from '../../ui/retry-panel';
import { type ErrorGroupItem, errorGroupsQuery, type FeedbackItem, feedbackQuery } from './api';
import { AttachmentImage } from './attachment-image';
import { ReplayPlayer } from './replay-player';

/** /admin/reports: the instance's error groups and the feedback people sent (issue 6), with their session replays. */
export function ReportsPage() {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
      <title>Reports · Deckhand</title>
      <h1 className="mb-8 text-2xl font-semibold">Reports</h1>
      <ErrorGroupsSection />
      <FeedbackSection />
    </main>
  );
}

function ErrorGroupsSection() {
  const groups = useQuery(errorGroupsQuery());
  return (
    <section aria-labelledby="errors-heading" className="mb-12">
      <h2 id="errors-heading" className="mb-4 text-xl font-semibold">
        Errors
      </h2>
      {groups.isPending ? (
        <DotsLoader />
      ) : groups.isError ? (
        <RetryPanel message="The errors could not be loaded." onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState title="No errors yet">Errors people run into in the app will appear here.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {groups.data.map((group) => (
            <li key={group.id}>
              <ErrorGroupCard group={group} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ErrorGroupCard({ group }: { group: ErrorGroupItem }) {
  const event = group.latestEvent;
  const exception = event.exception.at(-1);
  return (
    <article aria-label={group.title} className="rounded-xl border border-border p-4">
      <h3 className="font-mono text-base font-semibold break-words">{group.title}</h3>
      {group.culprit ? <p className="mt-1 font-mono text-sm break-words text-muted">{group.culprit}</p> : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Fact term="Events">{group.count}</Fact>
        <Fact term="Users">{group.users}</Fact>
        <Fact term="First seen">{formatDateTime(group.firstSeen)}</Fact>
        <Fact term="Last seen">{formatDateTime(group.lastSeen)}</Fact>
        <Fact term="Browser">{[event.browser, event.os].filter(Boolean).join(', ') || 'Unknown'}</Fact>
        <Fact term="Release">{event.release ?? 'Unknown'}</Fact>
      </dl>
      {event.url ? <p className="mt-2 text-sm break-all text-muted">Page: {event.url}</p> : null}
      {event.exception.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">Latest stack trace</summary>
          <pre className="mt-2 overflow-x-auto rounded-md bg-surface p-3 text-xs">
            {event.exception
              .map(
                (thrown) =>
                  `${thrown.type}: ${thrown.value}\n${thrown.stacktrace.frames
                    .toReversed()
                    .map(
                      (frame) =>
                        `    at ${frame.function ?? '?'} (${frame.filename ?? '?'}:${frame.lineno ?? '?'}:${frame.colno ?? '?'})${frame.inApp ? '' : ' [library]'}`,
                    )
                    .join('\n')}`,
              )
              .join('\n\nCaused:\n')}
          </pre>
        </details>
      ) : exception === undefined && event.message ? (
        <p className="mt-3 text-sm">{event.message}</p>
      ) : null}
      {event.replayId ? <ReplayPlayer replayId={event.replayId} /> : null}
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function FeedbackSection() {
  const feedback = useQuery(feedbackQuery());
  return (
    <section aria-labelledby="feedback-heading">
      <h2 id="feedback-heading" className="mb-4 text-xl font-semibold">
        Feedback
      </h2>
      {feedback.isPending ? (
        <DotsLoader />
      ) : feedback.isError ? (
        <RetryPanel message="The feedback could not be loaded." onRetry={() => void feedback.refetch()} />
      ) : feedback.data.length === 0 ? (
        <EmptyState title="No feedback yet">What people send with Report a problem will appear here.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {feedback.data.map((item) => (
            <li key={item.id}>
              <FeedbackCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const author = [item.name, item.email ? `<${item.email}>` : null].filter(Boolean).join(' ');
  return (
    <article
      aria-label={`Feedback from ${formatDateTime(item.createdAt)}`}
      className="rounded-xl border border-border p-4"
    >
      <p className="whitespace-pre-wrap break-words">{item.message}</p>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <Fact term="Author">{author || (item.userId ? `User ${item.userId}` : 'Anonymous')}</Fact>
        <Fact term="Page">{item.url ? <span className="break-all">{item.url}</span> : 'Unknown'}</Fact>
        <Fact term="Sent">{formatDateTime(item.createdAt)}</Fact>
      </dl>
      {item.attachments.map((attachment) => (
        <figure key={attachment.id} className="mt-4">
          <AttachmentImage url={attachment.url} alt={`Screenshot sent with the feedback (${attachment.name})`} />
          <figcaption className="mt-1 text-sm text-muted">{attachment.name}</figcaption>
        </figure>
      ))}
      {item.replayId ? <ReplayPlayer replayId={item.replayId} /> : null}
    </article>
  );
}
