import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { type ClientCreatedToken, useCreateToken } from './api';
import { tokenErrorMessage } from './messages';
import { ProjectChoices } from './project-choices';
import { ScopeField } from './scope-field';
import {
  checkTokenDraft,
  createTokenInputFrom,
  emptyTokenDraft,
  expiryChoices,
  expiryTimeOf,
  isExpiryDays,
  type TokenDraft,
  type TokenDraftErrors,
} from './token-draft';

export interface NewTokenFormProps {
  onCreated(token: ClientCreatedToken): void;
  onCancel(): void;
}

const expiryOptions = expiryChoices.map((choice) => ({ value: String(choice.days), label: choice.label }));

/** Name, access, projects and expiry of a new token; the server's refusal (a limit, the 50 tokens) shows under it. */
export function NewTokenForm({ onCreated, onCancel }: NewTokenFormProps) {
  const create = useCreateToken();
  const [draft, setDraft] = useState<TokenDraft>(emptyTokenDraft);
  const [errors, setErrors] = useState<TokenDraftErrors>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const expiryHintId = useId();
  const sending = create.isPending;

  // The form replaces the New token button, which had the focus.
  useEffect(() => nameInput.current?.focus(), []);

  function change<K extends keyof TokenDraft>(field: K, value: TokenDraft[K]): void {
    setDraft((current) => ({ ...current, [field]: value }));
    if (field === 'name' || field === 'projectIds') setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (sending) return;
    const problems = checkTokenDraft(draft);
    setErrors(problems);
    if (problems.name) nameInput.current?.focus();
    if (Object.keys(problems).length > 0) return;
    create.mutate(createTokenInputFrom(draft, Date.now()), { onSuccess: onCreated });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        ref={nameInput}
        label="Name"
        name="token-name"
        autoComplete="off"
        hint="What will use it, so you know which token to revoke later."
        value={draft.name}
        disabled={sending}
        onChange={(event) => change('name', event.target.value)}
        error={errors.name}
      />
      <ScopeField value={draft.scope} onChange={(scope) => change('scope', scope)} disabled={sending} />
      <ProjectChoices
        value={draft.projectIds}
        onChange={(projectIds) => change('projectIds', projectIds)}
        disabled={sending}
        error={errors.projectIds}
      />
      <div className="flex flex-col gap-1.5">
        <SelectField
          label="Expires"
          options={expiryOptions}
          value={String(draft.expiryDays)}
          disabled={sending}
          aria-describedby={expiryHintId}
          onChange={(event) => {
            const days = Number(event.target.value);
            if (isExpiryDays(days)) change('expiryDays', days);
          }}
        />
        <p id={expiryHintId} className="text-xs text-muted">
          The token stops working on {formatDate(new Date(expiryTimeOf(draft.expiryDays, Date.now())).toISOString())}.
        </p>
      </div>
      {create.isError ? (
        <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {tokenErrorMessage(create.error, 'The token could not be created. Please try again.')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending}>
          Create token
        </Button>
      </div>
    </form>
  );
}
