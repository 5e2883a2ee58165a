import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-fg hover:bg-primary-hover',
  secondary: 'border border-border bg-bg text-fg hover:bg-surface-strong',
  ghost: 'text-fg hover:bg-surface-strong',
  danger: 'bg-danger text-bg hover:opacity-90',
};

/**
 * Sizes are a prop rather than class overrides: Tailwind orders its utilities itself, so a caller's `px-3` would
 * not reliably beat the base `px-4`.
 */
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3 text-sm',
  md: 'min-h-10 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Layout only (margins, width, alignment): whatever the variant and size set is theirs. */
  className?: string;
}

/** Class names of a button, for links that look like one. */
export function buttonClassName({ variant = 'primary', size = 'md', className = '' }: ButtonStyle = {}): string {
  return `${base} ${sizes[size]} ${variants[variant]} ${className}`.trim();
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}
