import { splitHighlights, type TextRange } from './highlight';

export interface HighlightedTextProps {
  text: string;
  ranges: readonly TextRange[];
}

/** `text` with the matched words in `<mark>`: built from offsets, never from markup. */
export function HighlightedText({ text, ranges }: HighlightedTextProps) {
  let offset = 0;
  const parts = splitHighlights(text, ranges).map((part) => {
    const start = offset;
    offset += part.text.length;
    return { ...part, start };
  });
  return (
    <>
      {parts.map((part) =>
        part.marked ? (
          <mark key={part.start} className="rounded-sm bg-warning-soft px-px font-semibold text-fg">
            {part.text}
          </mark>
        ) : (
          <span key={part.start}>{part.text}</span>
        ),
      )}
    </>
  );
}
