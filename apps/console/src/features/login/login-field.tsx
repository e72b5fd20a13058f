import type { ReactNode } from 'react';

/** A labelled field with its message underneath, in the login page's plain layout. */
export function LoginField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'login-field has-error' : 'login-field'}>
      <label className="login-field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className="login-field-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** antd Input props for a field with or without a message. */
export function fieldStatus(id: string, error: string | undefined) {
  return error
    ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': `${id}-error` }
    : { 'aria-required': true };
}
