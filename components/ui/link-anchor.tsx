'use client';

import { Anchor, type AnchorProps } from '@mantine/core';
import Link from 'next/link';
import type { ReactNode } from 'react';

type Props = AnchorProps & { href: string; children: ReactNode; scroll?: boolean; prefetch?: boolean; 'aria-label'?: string };

/** A Mantine text link that navigates with next/link; server components cannot pass Link themselves. */
export function LinkAnchor({ href, scroll, prefetch, children, ...props }: Props) {
  return (
    <Anchor component={Link} href={href} scroll={scroll} prefetch={prefetch} {...props}>
      {children}
    </Anchor>
  );
}
