import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { type ClientCreatedWebhook, useCreateWebhook } from './api';
import { EventsField } from './events-field';
import { refusedUrlMessage, webhookErrorMessage } from './messages';
import {
  checkWebhookDraft,
  createWebhookInputFrom,
  emptyWebhookDraft,
  toggleEvent,
  type WebhookDraft,
  type WebhookDraftErrors,
} from './webhook-draft';

export interface NewWebhookFormProps {
  projectId: string;
  onCreated(webhook: ClientCreatedWebhook): void;
  onCancel(): void;
}

/**
 * URL, description and events of a new webhook. The server's refusal shows on the URL field for a URL it may not
 * send to, else under the form (the 20 webhooks, a failure).
 */
export function NewWebhookForm({ projectId, onCreated, onCancel }: NewWebhookFormProps) {
  const create = useCreateWebhook(projectId);
  const [draft, setDraft] = useState<WebhookDraft>(emptyWebhookDraft);
  const [errors, setErrors] = useState<WebhookDraftErrors>({});
  const urlInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLInputElement>(null);
  const allEventsBox = useRef<HTMLInputElement>(null);
  const sending = create.isPending;

  // The form replaces the Add webhook button, which had the focus.
  useEffect(() => urlInput.current?.focus(), []);
  // Back to a URL the server refused, once the field is no longer disabled by the request.
  useEffect(() => {
    if (!sending && refusedUrlMessage(create.error)) urlInput.current?.focus();
  }, [create.error, sending]);

  function change(next: WebhookDraft, field: keyof WebhookDraftErrors): void {
    setDraft(next);
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (sending) return;
    const problems = checkWebhookDraft(draft);
    setErrors(problems);
    if (problems.url) urlInput.current?.focus();
    else if (problems.description) descriptionInput.current?.focus();
    else if (problems.events) allEventsBox.current?.focus();
    if (Object.keys(problems).length > 0) return;
    create.mutate(createWebhookInputFrom(draft), {
      onSuccess: onCreated,
      onError: (error) => {
        // A URL the server may not send to is the URL field's problem: said there (and focused, below).
        const refusal = refusedUrlMessage(error);
        if (refusal) setErrors({ url: refusal });
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        ref={urlInput}
        label="URL"
        name="webhook-url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/deckhand"
        hint="Deckhand POSTs each event here as JSON. It must be https, on a public address."
        value={draft.url}
        disabled={sending}
        onChange={(event) => change({ ...draft, url: event.target.value }, 'url')}
        error={errors.url}
      />
      <TextField
        ref={descriptionInput}
        label="Description"
        name="webhook-description"
        autoComplete="off"
        hint="Optional: what receives the events, so the list says which webhook is which."
        value={draft.description}
        disabled={sending}
        onChange={(event) => change({ ...draft, description: event.target.value }, 'description')}
        error={errors.description}
      />
      <EventsField
        ref={allEventsBox}
        allEvents={draft.allEvents}
        events={draft.events}
        onAllEventsChange={(allEvents) => change({ ...draft, allEvents }, 'events')}
        onEventChange={(type, checked) => change(toggleEvent(draft, type, checked), 'events')}
        disabled={sending}
        error={errors.events}
      />
      {create.isError && !refusedUrlMessage(create.error) ? (
        <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {webhookErrorMessage(create.error, 'The webhook could not be added. Please try again.')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending}>
          Add webhook
        </Button>
      </div>
    </form>
  );
}
