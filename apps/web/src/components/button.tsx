import type { ButtonHTMLAttributes } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'small' | 'medium' | 'large';
}

export function Button({ variant = 'primary', size = 'medium', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`button button--${variant} button--${size}${className ? ` ${className}` : ''}`} {...rest} />;
}
