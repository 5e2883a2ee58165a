import { Link, type LinkProps } from 'react-router';

/** An in-app link that reads as a link: primary colour, underlined. */
export function TextLink({ className = '', ...props }: LinkProps) {
  return (
    <Link
      className={`font-medium text-primary underline underline-offset-2 hover:text-primary-hover ${className}`.trim()}
      {...props}
    />
  );
}
