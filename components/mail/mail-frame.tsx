/**
 * A mail's HTML shown in a sandboxed frame: its scripts never run and its styles stay inside.
 * Links open in a new tab (the only thing the sandbox lets out) so the staff can follow them.
 */
export function MailFrame({ html, title, height = 480 }: { html: string; title: string; height?: number }) {
  const withBase = html.includes('<head>') ? html.replace('<head>', '<head><base target="_blank">') : `<base target="_blank">${html}`;
  return (
    <iframe
      title={title}
      srcDoc={withBase}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)', background: '#fff' }}
    />
  );
}
