import { Fragment } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]'"]+$/;

/** Splits text into plain parts and http(s) links; never HTML. */
export function splitLinks(
  text: string,
): ({ kind: 'text'; value: string } | { kind: 'link'; href: string; value: string })[] {
  const parts: ({ kind: 'text'; value: string } | { kind: 'link'; href: string; value: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    if (URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol))
      parts.push({ kind: 'link', href: url, value: url });
    else parts.push({ kind: 'text', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

/** A message's text as text (React escapes it), with web links made clickable safely. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2"
          >
            {part.value}
          </a>
        ) : (
          <Fragment key={index}>{part.value}</Fragment>
        ),
      )}
    </p>
  );
}
