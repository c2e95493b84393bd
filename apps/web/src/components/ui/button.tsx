import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from '../../lib/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'quiet';
export type ButtonSize = 'md' | 'sm' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand hover:bg-brand-strong',
  secondary:
    'border border-line-strong bg-surface text-ink hover:border-brand hover:text-brand-ink',
  ghost: 'text-ink hover:bg-sunken',
  quiet: 'text-brand-ink underline-offset-4 hover:underline',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-touch px-4 text-base sm:min-h-10',
  sm: 'min-h-touch px-3 text-sm sm:min-h-9',
  icon: 'size-touch shrink-0',
};

/** Classes of a button, for <button> and for links that look like buttons. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return cx(base, variants[variant], sizes[size], extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
