import { Fragment } from 'react';
import { linkifyParts } from './linkify';

/** A message's text as sent: React escapes it (never HTML), line breaks kept, links clickable. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {linkifyParts(text).map((part) =>
        part.href ? (
          <a
            key={part.start}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-primary underline"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={part.start}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
