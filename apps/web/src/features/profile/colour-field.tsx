import { colorPattern } from '@deckhand/contract/profile';
import { useId } from 'react';

export interface ColourFieldProps {
  value: string;
  onChange(value: string): void;
  error?: string | null;
}

/** The profile colour: a colour picker and its hex code, kept in step. */
export function ColourField({ value, onChange, error }: ColourFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Colour</legend>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label="Pick a colour"
          value={colorPattern.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-14 cursor-pointer rounded-md border border-border bg-bg p-1"
        />
        <label htmlFor={`${id}-hex`} className="sr-only">
          Colour hex code
        </label>
        <input
          id={`${id}-hex`}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          aria-invalid={error ? true : undefined}
          spellCheck={false}
          maxLength={7}
          placeholder="#1a2b3c"
          className="min-h-10 w-32 rounded-md border border-border bg-bg px-3 font-mono text-base text-fg aria-invalid:border-danger"
        />
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
