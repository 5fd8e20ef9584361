import type { ReactNode } from 'react';
import styles from './contact.module.css';

export type FrameProps = { id: string; label: string; required: boolean; description?: ReactNode; error?: string; className?: string };

/** The ids a control names in aria-describedby: its hint and its error, when shown. */
export function describedBy(id: string, description: ReactNode, error?: string) {
  const ids = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/**
 * A field's label (with the required mark), hint and error around its control, the error right
 * under it, as the guest reads them.
 */
export function FieldFrame({ id, label, required, description, error, className, children }: FrameProps & { children: ReactNode }) {
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden>
            {' '}*
          </span>
        )}
      </label>
      {description && (
        <div id={`${id}-description`} className={styles.hint}>
          {description}
        </div>
      )}
      {children}
      {error && (
        <div id={`${id}-error`} className={styles.error}>
          {error}
        </div>
      )}
    </div>
  );
}

/** What every control of the form carries for assistive technology. */
export function controlProps({ id, required, description, error }: FrameProps) {
  return { id, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, description, error), className: styles.input } as const;
}
