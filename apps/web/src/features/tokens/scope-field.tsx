import { type TokenScope, tokenScopes } from '@deckhand/contract/tokens';
import { useId } from 'react';
import { scopeLabels } from './token-labels';

const scopeDescriptions: Record<TokenScope, string> = {
  read: 'Can look at everything you can, and change nothing.',
  write: 'Can do what you can, except manage tokens and webhooks or sign in.',
};

export interface ScopeFieldProps {
  value: TokenScope;
  onChange(value: TokenScope): void;
  disabled?: boolean;
}

/** Read only or read and write, each explained beside its radio (not in its label, which tests and readers match). */
export function ScopeField({ value, onChange, disabled = false }: ScopeFieldProps) {
  const id = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">Access</legend>
      <div className="flex flex-col gap-2">
        {tokenScopes.map((scope) => (
          <div
            key={scope}
            className="flex gap-2 rounded-md border border-border px-3 py-2 has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              id={`${id}-${scope}`}
              type="radio"
              name={`${id}-scope`}
              value={scope}
              checked={value === scope}
              onChange={() => onChange(scope)}
              aria-describedby={`${id}-${scope}-description`}
              className="mt-1 accent-primary"
            />
            <div className="text-sm">
              <label htmlFor={`${id}-${scope}`} className="cursor-pointer font-medium">
                {scopeLabels[scope]}
              </label>
              <p id={`${id}-${scope}-description`} className="text-muted">
                {scopeDescriptions[scope]}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
