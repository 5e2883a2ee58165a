import { describe, expect, it, vi } from 'vitest';
import { chooseActionProject, type PaletteActionHandlers, paletteActions } from './palette-actions';

function handlers(): PaletteActionHandlers {
  return {
    newCard: vi.fn(),
    newTask: vi.fn(),
    newProject: vi.fn(),
    goTo: vi.fn(),
    switchTheme: vi.fn(),
    showShortcuts: vi.fn(),
  };
}

const projects = [
  { id: 'p1', name: 'Website' },
  { id: 'p2', name: 'Backend' },
];

describe('chooseActionProject', () => {
  it('prefers the open project, then the last visited, then the first', () => {
    expect(chooseActionProject(projects, 'p2', 'p1')?.id).toBe('p2');
    expect(chooseActionProject(projects, null, 'p2')?.id).toBe('p2');
    expect(chooseActionProject(projects, 'gone', 'gone too')?.id).toBe('p1');
    expect(chooseActionProject([], 'p1', 'p1')).toBeNull();
  });
});

describe('paletteActions', () => {
  it('offers every action in a project one may write to, acting on that project', () => {
    const on = handlers();
    const actions = paletteActions({ id: 'p1', name: 'Website', canWrite: true }, 'light', on);
    expect(actions.map((action) => action.name)).toEqual([
      'New card',
      'New task',
      'New project',
      'Go to My work',
      'Go to Kanban',
      'Switch theme',
      'Keyboard shortcuts',
    ]);
    for (const action of actions) action.run();
    expect(on.newCard).toHaveBeenCalledWith('p1');
    expect(on.newTask).toHaveBeenCalledWith('p1');
    expect(on.goTo).toHaveBeenCalledWith('/p1/my-work');
    expect(on.goTo).toHaveBeenCalledWith('/p1/kanban');
    expect(on.newProject).toHaveBeenCalledOnce();
    expect(on.switchTheme).toHaveBeenCalledOnce();
    expect(on.showShortcuts).toHaveBeenCalledOnce();
  });

  it('leaves out creating cards and tasks for viewers, and project actions without a project', () => {
    const viewer = paletteActions({ id: 'p1', name: 'Website', canWrite: false }, 'dark', handlers());
    expect(viewer.map((action) => action.name)).toEqual([
      'New project',
      'Go to My work',
      'Go to Kanban',
      'Switch theme',
      'Keyboard shortcuts',
    ]);
    expect(viewer.find((action) => action.name === 'Switch theme')?.hint).toBe('to light');
    const none = paletteActions(null, 'light', handlers());
    expect(none.map((action) => action.name)).toEqual(['New project', 'Switch theme', 'Keyboard shortcuts']);
  });
});
