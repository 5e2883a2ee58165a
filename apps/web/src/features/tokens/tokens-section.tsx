import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { SettingsSection } from '../../ui/settings-section';
import type { ClientCreatedToken } from './api';
import { CreatedToken } from './created-token';
import { NewTokenForm } from './new-token-form';
import { TokenList } from './token-list';

type Step = { kind: 'list' } | { kind: 'form' } | { kind: 'created'; token: ClientCreatedToken };

/**
 * Profile › API tokens: make a token (its secret is shown once, then only its last characters), see each token's
 * use, revoke it. The secret lives in this component's state only, so closing the dialog forgets it.
 */
export function TokensSection() {
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const newTokenButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Back from the form or the secret, whose controls are gone: the keyboard goes on from New token.
  useEffect(() => {
    if (step.kind !== 'list' || !returnFocus.current) return;
    returnFocus.current = false;
    newTokenButton.current?.focus();
  }, [step]);

  function backToList(): void {
    returnFocus.current = true;
    setStep({ kind: 'list' });
  }

  function renderStep() {
    switch (step.kind) {
      case 'form':
        return <NewTokenForm onCancel={backToList} onCreated={(token) => setStep({ kind: 'created', token })} />;
      case 'created':
        return <CreatedToken token={step.token} onDone={backToList} />;
      case 'list':
        return (
          <Button ref={newTokenButton} className="self-start" onClick={() => setStep({ kind: 'form' })}>
            New token
          </Button>
        );
    }
  }

  return (
    <SettingsSection
      title="API tokens"
      description="Let a script or another tool use the Deckhand API as you. Keep a token as secret as a password."
    >
      <div className="flex flex-col gap-4">
        {renderStep()}
        <TokenList />
      </div>
    </SettingsSection>
  );
}
