import { describe, expect, it } from 'vitest';
import { projectSectionOf, projectSectionPath, switchProjectPath } from './project-sections';

const a = '0190a0b0-0000-7000-8000-00000000000a';
const b = '0190a0b0-0000-7000-8000-00000000000b';

describe('project sections', () => {
  it('finds the area of a path', () => {
    expect(projectSectionOf(`/${a}`)).toBe('cards');
    expect(projectSectionOf(`/${a}/`)).toBe('cards');
    expect(projectSectionOf(`/${a}/kanban`)).toBe('kanban');
    expect(projectSectionOf(`/${a}/my-work`)).toBe('my-work');
    expect(projectSectionOf(`/${a}/settings`)).toBe('settings');
    expect(projectSectionOf(`/${a}/cards/c1/chats/h1`)).toBe('cards');
  });

  it('builds the path of an area', () => {
    expect(projectSectionPath(a, 'cards')).toBe(`/${a}`);
    expect(projectSectionPath(a, 'my-work')).toBe(`/${a}/my-work`);
  });

  it('switches projects keeping the area, but not a card of the old project', () => {
    expect(switchProjectPath(`/${a}/settings`, b)).toBe(`/${b}/settings`);
    expect(switchProjectPath(`/${a}/kanban`, b)).toBe(`/${b}/kanban`);
    expect(switchProjectPath(`/${a}/cards/c1`, b)).toBe(`/${b}`);
    // The path may already be a third project's, one being switched to while its page's code loads.
    expect(switchProjectPath(`/${b}/kanban`, a)).toBe(`/${a}/kanban`);
  });
});
