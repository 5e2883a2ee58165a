import type { JSONContent } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  bodyJsonFromMarkdown,
  bodyJsonFromState,
  bodyMarkdownFromState,
  bodyStateFromJson,
  remapBodyFileImages,
} from './body-convert';

function roundTrip(markdown: string): string {
  const state = bodyStateFromJson(bodyJsonFromMarkdown(markdown));
  return bodyMarkdownFromState(bodyStateFromJson(bodyJsonFromState(state)));
}

function fileIdsOf(json: JSONContent): string[] {
  const own = json.type === 'fileImage' ? [String(json.attrs?.fileId)] : [];
  return [...own, ...(json.content ?? []).flatMap(fileIdsOf)];
}

const withImages: JSONContent = {
  type: 'doc',
  content: [
    { type: 'fileImage', attrs: { fileId: 'old-a', alt: 'Diagram' } },
    {
      type: 'blockquote',
      content: [{ type: 'fileImage', attrs: { fileId: 'old-b', alt: '' } }],
    },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'see below' }] },
            { type: 'fileImage', attrs: { fileId: 'old-c', alt: 'Screenshot' } },
          ],
        },
      ],
    },
  ],
};

describe('card body conversions', () => {
  it.each([
    ['headings', '# One\n\n## Two\n\n### Three'],
    ['inline marks', 'Some **bold**, *italic*, ~~struck~~ and `code`.'],
    ['links', 'Read [the spec](https://example.com/spec) first.'],
    ['bullet lists', '- one\n- two\n  - nested'],
    ['ordered lists', '1. first\n2. second'],
    ['task lists', '- [ ] open\n- [x] closed'],
    ['blockquotes', '> quoted\n> still quoted'],
    ['code blocks', '```ts\nconst x = 1;\n```'],
    ['horizontal rules', 'above\n\n---\n\nbelow'],
  ])('keeps %s through JSON and Yjs state', (_name, markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads a task list’s checked states back from the state', () => {
    const json = bodyJsonFromState(bodyStateFromJson(bodyJsonFromMarkdown('- [ ] open\n- [x] closed')));
    const items = json.content?.[0]?.content ?? [];
    expect(json.content?.[0]?.type).toBe('taskList');
    expect(items.map((item) => item.attrs?.checked)).toEqual([false, true]);
  });

  it('writes images as file links in Markdown', () => {
    const state = bodyStateFromJson({
      type: 'doc',
      content: [{ type: 'fileImage', attrs: { fileId: 'f1', alt: 'A [b]' } }],
    });
    expect(bodyMarkdownFromState(state)).toBe('![A \\[b\\]](file:f1)');
  });

  it('keeps a table as its Markdown in a code block rather than dropping it', () => {
    const table = '| a | b |\n|---|---|\n| 1 | 2 |';
    const json = bodyJsonFromMarkdown(table);
    expect(json.content?.[0]).toMatchObject({ type: 'codeBlock', content: [{ type: 'text', text: table }] });
  });

  it('reads an image from the web as a link to it, alone or within text', () => {
    const link = { type: 'link', attrs: { href: 'https://example.com/chart.png' } };
    expect(bodyJsonFromMarkdown('![chart](https://example.com/chart.png)').content).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'chart', marks: [link] }] },
    ]);
    expect(bodyJsonFromMarkdown('See ![chart](https://example.com/chart.png)').content).toEqual([
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'See ' },
          { type: 'text', text: 'chart', marks: [link] },
        ],
      },
    ]);
  });

  it('gives empty Markdown for no body, an empty state or an empty document', () => {
    expect(bodyMarkdownFromState(null)).toBe('');
    expect(bodyMarkdownFromState(new Uint8Array())).toBe('');
    expect(bodyMarkdownFromState(Y.encodeStateAsUpdate(new Y.Doc()))).toBe('');
    expect(bodyMarkdownFromState(bodyStateFromJson({ type: 'doc', content: [{ type: 'paragraph' }] }))).toBe('');
  });

  it('points every image, however deep, at its new file id', () => {
    const fileIds = new Map([
      ['old-a', 'new-a'],
      ['old-b', 'new-b'],
      ['old-c', 'new-c'],
    ]);
    const remapped = remapBodyFileImages(bodyStateFromJson(withImages), fileIds);
    expect(remapped.missing).toEqual([]);
    const json = bodyJsonFromState(remapped.state);
    expect(fileIdsOf(json)).toEqual(['new-a', 'new-b', 'new-c']);
    expect(json.content?.[0]?.attrs?.alt).toBe('Diagram');
    expect(bodyMarkdownFromState(remapped.state)).toContain('![Screenshot](file:new-c)');
  });

  it('reports ids it cannot map once each and leaves those images alone', () => {
    const state = bodyStateFromJson({
      type: 'doc',
      content: [...(withImages.content ?? []), { type: 'fileImage', attrs: { fileId: 'old-b', alt: 'again' } }],
    });
    const remapped = remapBodyFileImages(state, new Map([['old-a', 'new-a']]));
    expect(remapped.missing).toEqual(['old-b', 'old-c']);
    expect(fileIdsOf(bodyJsonFromState(remapped.state))).toEqual(['new-a', 'old-b', 'old-c', 'old-b']);
  });
});
