import type { WebhookEventType } from '@deckhand/contract/webhooks';
import { type Ref, useId } from 'react';
import { groupEventTypes } from './event-groups';

export interface EventsFieldProps {
  /** The All events box: where the focus goes when no event is chosen. */
  ref?: Ref<HTMLInputElement>;
  allEvents: boolean;
  events: readonly WebhookEventType[];
  onAllEventsChange(checked: boolean): void;
  onEventChange(type: WebhookEventType, checked: boolean): void;
  disabled?: boolean;
  error?: string;
}

const groups = groupEventTypes();

/**
 * The events a webhook wants: All events, or boxes grouped by area and labelled with the type itself, which is what
 * the receiver sees in `type`. With All events on, every box shows checked and cannot be changed.
 */
export function EventsField({
  ref,
  allEvents,
  events,
  onAllEventsChange,
  onEventChange,
  disabled = false,
  error,
}: EventsFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      disabled={disabled}
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      className="flex flex-col gap-2"
    >
      <legend className="mb-1.5 text-sm font-medium">Events</legend>
      <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          ref={ref}
          type="checkbox"
          checked={allEvents}
          onChange={(event) => onAllEventsChange(event.target.checked)}
          className="accent-primary"
        />
        All events
      </label>
      <p id={hintId} className="text-xs text-muted">
        {allEvents
          ? 'Every event, including kinds Deckhand adds later.'
          : 'Only the events checked. A test sends a ping whatever is checked.'}
      </p>
      <div className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
        {groups.map((group) => (
          <fieldset key={group.label} disabled={allEvents} className="flex flex-col gap-1">
            <legend className="mb-1 text-xs font-semibold text-muted">{group.label}</legend>
            {group.events.map((type) => (
              <label
                key={type}
                className="flex min-h-7 cursor-pointer items-center gap-2 text-sm has-disabled:cursor-default"
              >
                <input
                  type="checkbox"
                  checked={allEvents || events.includes(type)}
                  onChange={(event) => onEventChange(type, event.target.checked)}
                  className="accent-primary"
                />
                <span className="font-mono">{type}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
