'use client';

import { Tabs } from '@mantine/core';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';

export type SettingsTab = { value: string; label: string; panel: ReactNode };

/** The tabs of one campsite; the open one lives in the address (&tab=orari) so a reload or a link keeps it. */
export function SettingsTabs({ tabs, label }: { tabs: SettingsTab[]; label: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const requested = searchParams.get('tab');
  const current = tabs.some((tab) => tab.value === requested) ? requested : tabs[0]?.value;
  const open = (value: string | null) => {
    if (!value) return;
    const next = new URLSearchParams(searchParams.toString());
    next.set('tab', value);
    router.replace(`${pathname}?${next.toString()}`, { scroll: false });
  };
  return (
    <Tabs value={current} onChange={open} keepMounted={false}>
      <Tabs.List aria-label={label} style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
