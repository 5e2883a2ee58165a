import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { z } from 'zod';
import { ImportRefusal } from './refusal';

/** A JSON file not laid out one element per line is parsed whole, up to this size. */
const wholeMaxBytes = 64 * 1024 * 1024;

function describe(issues: z.core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.length ? issue.path.join('.') : 'value';
  return `${path}: ${issue.message}`;
}

/** Checks one element against its schema; the refusal names the file, the element and the field. */
export function checked<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ImportRefusal(`${where} is not valid (${describe(result.error.issues)}).`);
  return result.data;
}

async function readAll(stream: Readable, name: string, limit: number): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ImportRefusal(`${name} is too large to read.`);
    text += decoder.write(chunk);
  }
  return text + decoder.end();
}

function parse(text: string, name: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ImportRefusal(`${name} is not valid JSON (${err instanceof Error ? err.message : err}).`);
  }
}

function lineElement(line: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(line.replace(/,$/, '')) };
  } catch {
    return { ok: false };
  }
}

/** A whole JSON file (a manifest, a project), at most `limit` bytes. */
export async function readJsonFile(stream: Readable, name: string, limit = wholeMaxBytes): Promise<unknown> {
  return parse(await readAll(stream, name, limit), name);
}

/**
 * The elements of a JSON array, one at a time. Exports write an element per line, so those are read a line at a
 * time in bounded memory; an array laid out otherwise (edited by hand, say) is parsed whole, up to 64 MB.
 */
export async function* readJsonArray(stream: Readable, name: string): AsyncGenerator<unknown> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let state: 'start' | 'lines' | 'end' = 'start';
  let whole: string | null = null;
  let size = 0;
  let yielded = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (whole !== null) {
      size += chunk.length;
      if (size > wholeMaxBytes) throw new ImportRefusal(`${name} is too large to read.`);
      whole += decoder.write(chunk);
      continue;
    }
    pending += decoder.write(chunk);
    let newline = pending.indexOf('\n');
    while (newline >= 0 && whole === null) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const trimmed = line.trim().replace(/^\uFEFF/, '');
      if (state === 'start') {
        if (trimmed === '[') state = 'lines';
        else if (trimmed !== '') {
          whole = `${line}\n${pending}`;
          size = whole.length;
          pending = '';
        }
      } else if (state === 'lines') {
        if (trimmed === ']') state = 'end';
        else if (trimmed !== '') {
          const element = lineElement(trimmed);
          if (element.ok) {
            yielded += 1;
            yield element.value;
          } else if (yielded === 0) {
            // Laid out otherwise (pretty-printed): read whole from the start.
            whole = `[\n${line}\n${pending}`;
            size = whole.length;
            pending = '';
          } else {
            throw new ImportRefusal(`${name} is not valid JSON (element ${yielded + 1}).`);
          }
        }
      } else if (trimmed !== '') {
        throw new ImportRefusal(`${name} is not valid JSON (text after its end).`);
      }
      newline = pending.indexOf('\n');
    }
  }
  if (whole !== null) {
    const value = parse(whole + pending + decoder.end(), name);
    if (!Array.isArray(value)) throw new ImportRefusal(`${name} must hold a JSON array.`);
    yield* value;
    return;
  }
  const rest = (pending + decoder.end()).trim();
  if (state === 'lines' && rest === ']') return;
  if (state === 'start' && rest !== '') {
    const value = parse(rest, name);
    if (!Array.isArray(value)) throw new ImportRefusal(`${name} must hold a JSON array.`);
    yield* value;
    return;
  }
  if (state !== 'end' || rest !== '') throw new ImportRefusal(`${name} is not valid JSON (it ends early).`);
}
