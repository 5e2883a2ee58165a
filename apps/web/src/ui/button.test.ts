import { describe, expect, it } from 'vitest';
import { buttonClassName } from './button';

describe('buttonClassName', () => {
  it('gives each size its own height, padding and text, never two of one kind', () => {
    const small = buttonClassName({ size: 'sm' }).split(' ');
    expect(small).toEqual(expect.arrayContaining(['min-h-8', 'px-3', 'text-sm']));
    expect(small.filter((name) => name.startsWith('min-h-') || name.startsWith('px-'))).toHaveLength(2);
    expect(buttonClassName().split(' ')).toEqual(expect.arrayContaining(['min-h-10', 'px-4', 'bg-primary']));
    expect(buttonClassName({ size: 'lg', className: 'mt-8' }).split(' ')).toEqual(
      expect.arrayContaining(['min-h-12', 'px-6', 'text-base', 'mt-8']),
    );
  });
});
