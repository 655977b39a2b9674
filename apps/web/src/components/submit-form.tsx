import type { ComponentProps, ReactNode } from 'react';

/** A form whose submit runs `onSubmit` without reloading the page; fields are checked by the app, not the browser. */
export function SubmitForm({ onSubmit, children, ...rest }: { onSubmit: () => void; children: ReactNode } & Omit<ComponentProps<'form'>, 'onSubmit'>) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
