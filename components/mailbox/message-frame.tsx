'use client';

import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MailFrameHtml } from '@/lib/mailbox/frame-html';

type Props = MailFrameHtml & { title: string; height?: number };

// A very long mail scrolls inside the frame past this, so the page around it stays usable.
const MAX_HEIGHT = 2400;

/**
 * The frame grows to its mail's height. The sandbox stays without allow-scripts (so nothing in the
 * mail can run: only with scripts would allow-same-origin be an escape); allow-same-origin lets
 * this page read the document's height and watch it change (late fonts, a wider window).
 */
function FittedFrame({ html, title, height }: { html: string; title: string; height: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [fitted, setFitted] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback(() => {
    const document = frame.current?.contentDocument;
    if (!document?.body) return;
    const fit = () => setFitted(Math.min(MAX_HEIGHT, Math.max(40, Math.ceil(document.documentElement.scrollHeight) + 2)));
    fit();
    observer.current?.disconnect();
    observer.current = new ResizeObserver(fit);
    observer.current.observe(document.body);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  const withBase = html.includes('<head>') ? html.replace('<head>', '<head><base target="_blank">') : `<base target="_blank">${html}`;
  return (
    <iframe
      ref={frame}
      title={title}
      srcDoc={withBase}
      onLoad={measure}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      data-fitted={fitted === null ? undefined : 'true'}
      style={{
        width: '100%',
        height: fitted ?? height,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-sm)',
        background: '#fff',
      }}
    />
  );
}

/**
 * A received mail in the sandboxed frame (lib/mailbox/frame-html.ts made both versions on the
 * server): remote images load only when the staff ask, so opening a mail tells no sender
 * (tracking pixels) that it was read. `height` is the frame's size until the mail is measured.
 */
export function MessageFrame({ blocked, withImages, hasRemoteImages, title, height = 160 }: Props) {
  const t = useTranslations('mailbox.thread');
  const [showImages, setShowImages] = useState(false);
  return (
    <Stack gap={6}>
      {hasRemoteImages && (
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {showImages ? '' : t('imagesBlocked')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => setShowImages((value) => !value)} aria-pressed={showImages}>
            {showImages ? t('hideImages') : t('showImages')}
          </Button>
        </Group>
      )}
      <div data-testid="message-frame">
        <FittedFrame key={showImages ? 'images' : 'blocked'} html={showImages ? withImages : blocked} title={title} height={height} />
      </div>
    </Stack>
  );
}
