import { webhookLimits } from '@deckhand/contract/webhooks';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { SettingsSection } from '../../ui/settings-section';
import type { ClientCreatedWebhook } from './api';
import { NewWebhookForm } from './new-webhook-form';
import { WebhookList } from './webhook-list';
import { WebhookSecret } from './webhook-secret';

export interface WebhooksSectionProps {
  projectId: string;
}

type Step = { kind: 'list' } | { kind: 'form' } | { kind: 'created'; webhook: ClientCreatedWebhook };

/**
 * Settings › Webhooks (shown to those with `abilities.manage_webhooks`: the admins and the owner):
 * add a webhook (its secret is shown once), test it, read its deliveries, rotate its secret, disable or delete it.
 * The secret lives in this component's state only, so leaving the page forgets it.
 */
export function WebhooksSection({ projectId }: WebhooksSectionProps) {
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const addButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Back from the form or the secret, whose controls are gone: the keyboard goes on from Add webhook.
  useEffect(() => {
    if (step.kind !== 'list' || !returnFocus.current) return;
    returnFocus.current = false;
    addButton.current?.focus();
  }, [step]);

  function backToList(): void {
    returnFocus.current = true;
    setStep({ kind: 'list' });
  }

  function renderStep() {
    switch (step.kind) {
      case 'form':
        return (
          <NewWebhookForm
            projectId={projectId}
            onCancel={backToList}
            onCreated={(webhook) => setStep({ kind: 'created', webhook })}
          />
        );
      case 'created':
        return <WebhookSecret title="Webhook added" secret={step.webhook.secret} onDone={backToList} />;
      case 'list':
        return (
          <Button ref={addButton} className="self-start" onClick={() => setStep({ kind: 'form' })}>
            Add webhook
          </Button>
        );
    }
  }

  return (
    <SettingsSection
      title="Webhooks"
      description={`Send the project’s events to another service as they happen: each is POSTed as JSON, signed, and retried when the receiver fails. Up to ${webhookLimits.perProject} webhooks.`}
    >
      <div className="flex flex-col gap-4">
        {renderStep()}
        <WebhookList projectId={projectId} />
      </div>
    </SettingsSection>
  );
}
