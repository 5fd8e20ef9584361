import { Typography } from '@mantine/core';
import { sanitizeHtml } from '@/lib/html/sanitize';

/** Staff-written HTML, sanitised on the server at every render. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return (
    <Typography className={className} fz="sm">
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
    </Typography>
  );
}
