import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNow } from '../../lib/use-now';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DotsLoader } from '../../ui/dots-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { projectListQuery } from '../projects/api';
import { type ClientToken, tokenListQuery, useRevokeToken } from './api';
import { tokenErrorMessage } from './messages';
import { TokenItem } from './token-item';

/** The person's tokens, newest first, each revocable after a confirmation (scripts using it stop at once). */
export function TokenList() {
  const tokens = useQuery(tokenListQuery());
  // Only to name the projects a token is limited to: a token is listed whether or not these have come.
  const projects = useQuery(projectListQuery());
  const revoke = useRevokeToken();
  const [revoking, setRevoking] = useState<ClientToken | null>(null);
  // Said here rather than in a toast: the profile dialog is modal, and hides toasts from assistive technology.
  const [outcome, setOutcome] = useState<{ revoked: boolean; text: string } | null>(null);
  const now = useNow();

  function confirmRevoke(): void {
    if (!revoking) return;
    const { id, name } = revoking;
    setOutcome(null);
    revoke.mutate(id, {
      onSuccess: () => setOutcome({ revoked: true, text: `The token “${name}” was revoked.` }),
      onError: (failure) =>
        setOutcome({
          revoked: false,
          text: tokenErrorMessage(failure, `The token “${name}” could not be revoked. Please try again.`),
        }),
      onSettled: () => setRevoking(null),
    });
  }

  function renderTokens() {
    if (tokens.data === undefined) {
      if (tokens.isError) {
        return (
          <RetryPanel
            message="Your tokens could not be loaded."
            onRetry={() => void tokens.refetch()}
            retrying={tokens.isFetching}
          />
        );
      }
      return <DotsLoader label="Loading tokens" className="py-4" />;
    }
    if (tokens.data.length === 0) {
      return <p className="text-sm text-muted">No tokens yet. Make one for each script or tool that uses the API.</p>;
    }
    return (
      <ul aria-label="Your tokens" className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {tokens.data.map((token) => (
          <TokenItem
            key={token.id}
            token={token}
            projects={projects.data}
            now={now}
            onRevoke={() => setRevoking(token)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {renderTokens()}
      <p role="status" className="text-sm">
        {outcome?.revoked ? outcome.text : null}
      </p>
      {outcome && !outcome.revoked ? (
        <p role="alert" className="text-sm text-danger">
          {outcome.text}
        </p>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke token?"
        confirmLabel="Revoke token"
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
      >
        <p>
          Anything using “{revoking?.name}” will be refused from now on. This cannot be undone: to give it access again,
          create a new token.
        </p>
      </ConfirmDialog>
    </div>
  );
}
